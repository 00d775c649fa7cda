/**
 * The wire contract of reviews a renter writes (docs/reviews-api.md; spec §7 account "comments").
 * What others read of a review is GET detail/comments (features/reviews/rules/reviews.ts ReviewsPage).
 */

/** The listing a review is about, as the order list shows it. */
export interface ReviewProduct {
  id: number;
  title: string;
  img: string | null;
  game_name: string;
  role_name: string;
}

/** The rental a review is about; null for a review written before reviews came with orders (the demo's). */
export interface ReviewedOrder {
  order_no: string;
  /** 时租, 日租, 早场 ... */
  option_label: string | null;
  hours: number | null;
  hire_start_time: string | null;
  hire_end_time: string | null;
}

/** One review of the signed-in user (已评价, assessInfo). */
export interface MyReview {
  id: number;
  /** 1-5 */
  rating: number;
  content: string;
  is_anonymous: boolean;
  /** The author's name as everyone else sees it: 匿名用户 or the masked nickname (租***01). */
  shown_as: string;
  /** ISO 8601 */
  created_at: string;
  product: ReviewProduct;
  order: ReviewedOrder | null;
}

export interface WriteReviewRequest {
  order_no: string;
  /** Whole stars, 1-5. */
  rating: number;
  /** 1-500 characters after trimming. */
  content: string;
  /** Shown as 匿名用户 on the listing's page; defaults to false. */
  is_anonymous?: boolean;
}
