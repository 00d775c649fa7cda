/**
 * Reviews a renter writes (docs/reviews-api.md; spec §7 account "comments", §2 account routes
 * assess and assessInfo). Every call needs the signed-in user's token. What others read of a
 * review is GET detail/comments (features/reviews/rules/reviews.ts ReviewsPage).
 */
import type { OrderView, Page } from '~/features/wallet/contract/money';
import type { MyReview, WriteReviewRequest } from '~/features/reviews/contract';

export type * from '~/features/reviews/contract';
import { apiGet, apiPost, type RequestOptions } from '~/platform/client/client';

type Signal = Pick<RequestOptions, 'signal'>;

export const MY_REVIEWS_PATH = '/account/comments';
export const PENDING_REVIEWS_PATH = '/account/commentsPending';
export const REVIEW_PATH = '/account/comment';

/** 已评价: the user's reviews, newest first. */
export function listMyReviews(query: { page: number; page_size: number }, options: Signal = {}): Promise<Page<MyReview>> {
  return apiGet(MY_REVIEWS_PATH, { ...query }, options);
}

/** 待评价: the user's finished rentals without a review, newest order first. */
export function listPendingReviews(query: { page: number; page_size: number }, options: Signal = {}): Promise<Page<OrderView>> {
  return apiGet(PENDING_REVIEWS_PATH, { ...query }, options);
}

/** One review of the user's (assessInfo); 404 评价不存在 for anyone else's. */
export function getMyReview(id: number, options: Signal = {}): Promise<MyReview> {
  return apiGet(REVIEW_PATH, { id }, options);
}

/**
 * Writes the review of a finished rental. 404 订单不存在 (not the caller's); 400 for an order that
 * is not a finished rental or a bad rating or text; 409 该订单已评价. The order number makes a
 * retry safe: a second review of one order is always refused.
 */
export function writeReview(request: WriteReviewRequest): Promise<MyReview> {
  return apiPost(REVIEW_PATH, { ...request });
}
