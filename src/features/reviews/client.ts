/**
 * Reviews in the browser (docs/reviews-api.md; spec §7 account "comments", detail "comments", §2
 * account routes assess and assessInfo): each call is a declared route (routes.ts). A renter's
 * own reviews need the signed-in user's token; a listing's reviews are public.
 */
import type { OrderView, Page } from '~/features/wallet/contract/money';
import type { MyReview, ReviewsPage, WriteReviewRequest } from '~/features/reviews/contract';
import { REVIEW_ROUTES } from '~/features/reviews/routes';
import { call, type RequestOptions } from '~/platform/client/client';

export type * from '~/features/reviews/contract';

type Signal = Pick<RequestOptions, 'signal'>;

/** 已评价: the user's reviews, newest first. */
export function listMyReviews(query: { page: number; page_size: number }, options: Signal = {}): Promise<Page<MyReview>> {
  return call(REVIEW_ROUTES.mine, { ...query }, options);
}

/** 待评价: the user's finished rentals without a review, newest order first. */
export function listPendingReviews(query: { page: number; page_size: number }, options: Signal = {}): Promise<Page<OrderView>> {
  return call(REVIEW_ROUTES.pending, { ...query }, options);
}

/** One review of the user's (assessInfo); 404 评价不存在 for anyone else's. */
export function getMyReview(id: number, options: Signal = {}): Promise<MyReview> {
  return call(REVIEW_ROUTES.get, { id }, options);
}

/**
 * Writes the review of a finished rental. 404 订单不存在 (not the caller's); 400 for an order that
 * is not a finished rental or a bad rating or text; 409 该订单已评价. The order number makes a
 * retry safe: a second review of one order is always refused.
 */
export function writeReview(request: WriteReviewRequest): Promise<MyReview> {
  return call(REVIEW_ROUTES.write, { ...request });
}

/**
 * 用户评价 of a listing (detail "comments"), newest first, with the average of all of them. Sent
 * without a token: the answer is the same for everyone.
 */
export function listListingReviews(query: { account_id: number; page: number; page_size: number }, options: Signal = {}): Promise<ReviewsPage> {
  return call(REVIEW_ROUTES.listing, { ...query }, { ...options, noToken: true });
}
