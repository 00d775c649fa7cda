/**
 * The reviews feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { getMyReview, listMyReviews, listPendingReviews, writeReview } from '~/features/reviews/server/review-writing';
export { listReviews } from '~/features/reviews/server/reviews';
