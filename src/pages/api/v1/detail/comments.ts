/**
 * GET /api/v1/detail/comments?account_id=&page=&page_size= — the listing's reviews (spec §7 detail
 * "comments"): `{ list: [{ id, nickname, avatar, rating, content, created_at }], total,
 * average_rating, page, page_size }`, newest first; page_size 1-50 (default 10). No token: the
 * answer is the same for everyone. A missing listing answers 404 with code -400.
 */
import { listReviews } from '~/features/reviews/server';
import { REVIEW_WIRE } from '~/features/reviews/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(REVIEW_WIRE.listing, async ({ db }, { account_id, ...paging }) => listReviews(db, account_id, paging));
