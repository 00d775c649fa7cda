/**
 * The wire contract of reviews (docs/reviews-api.md; spec §7 account "comments", detail
 * "comments"): what a renter writes and reads of their own reviews, and what everyone reads of a
 * listing's. The answers' types are the outputs of their schemas (wire.ts); a type import keeps zod
 * out of the islands that read them.
 */
import type { z } from 'zod';
import type { myReviewSchema, reviewedOrderSchema, reviewItemSchema, reviewProductSchema, reviewsPageSchema } from '~/features/reviews/wire';

/** The listing a review is about, as the order list shows it. */
export type ReviewProduct = z.output<typeof reviewProductSchema>;

/** The rental a review is about; null for a review written before reviews came with orders (the demo's). */
export type ReviewedOrder = z.output<typeof reviewedOrderSchema>;

/** One review of the signed-in user (已评价, assessInfo). */
export type MyReview = z.output<typeof myReviewSchema>;

/** One review as GET detail/comments answers it. */
export type ReviewItem = z.output<typeof reviewItemSchema>;

/** GET detail/comments: a page of reviews, newest first, and the listing's average over all of them. */
export type ReviewsPage = z.output<typeof reviewsPageSchema>;

export interface WriteReviewRequest {
  order_no: string;
  /** Whole stars, 1-5. */
  rating: number;
  /** 1-500 characters after trimming. */
  content: string;
  /** Shown as 匿名用户 on the listing's page; defaults to false. */
  is_anonymous?: boolean;
}
