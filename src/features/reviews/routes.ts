/**
 * The reviews' routes (docs/reviews-api.md; spec §7 account "comments", detail "comments"),
 * declared once: the browser calls them with `call(route, input)`, the endpoints serve them with
 * the schemas of wire.ts. A renter's own reviews need their token; a listing's reviews are public.
 */
import { route } from '~/platform/wire/route';
import type { Page } from '~/platform/wire/common';
import type { OrderView } from '~/features/wallet/contract/money';
import type { MyReview, ReviewsPage, WriteReviewRequest } from '~/features/reviews/contract';

export interface ReviewsPaging {
  page?: number;
  page_size?: number;
}

export const REVIEW_ROUTES = {
  /** 已评价: the user's reviews, newest first. */
  mine: route.get<ReviewsPaging, Page<MyReview>>('/account/comments'),
  /** 待评价: the user's finished rentals without a review, newest order first. */
  pending: route.get<ReviewsPaging, Page<OrderView>>('/account/commentsPending'),
  /** One review of the user's (assessInfo). */
  get: route.get<{ id: number }, MyReview>('/account/comment'),
  /** Writes the review of a finished rental (the same path as `get`, by POST). */
  write: route.post<WriteReviewRequest, MyReview>('/account/comment'),
  /** A listing's reviews, newest first, with the average of all of them; public. */
  listing: route.get<ReviewsPaging & { account_id: number }, ReviewsPage>('/detail/comments'),
};
