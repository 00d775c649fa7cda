/**
 * The reviews' routes with their schemas (routes.ts declares them; the endpoints serve them through
 * platform/http/serve.ts and tests read the answer schemas). The answer types of the contract are
 * these schemas' outputs.
 */
import { z } from 'zod';
import { MY_REVIEWS_PAGE_SIZE_DEFAULT, MY_REVIEWS_PAGE_SIZE_MAX, REVIEWS_PAGE_SIZE_MAX } from '~/features/reviews/constants';
import { CATALOG_MAX_PAGE } from '~/features/catalog/contract/catalog';
import { REVIEW_ROUTES } from '~/features/reviews/routes';
import { MSG_REVIEW_CONTENT_EMPTY, MSG_REVIEW_RATING, isReviewRating, reviewContentError } from '~/features/reviews/rules/review-writing';
import { orderNoSchema, orderViewSchema } from '~/features/orders/wire';
import { optionalQuery, pageSchema, queryIdSchema, queryIntSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** The catalog's last page (a page past it would overflow the offset arithmetic). */
const MAX_PAGE = CATALOG_MAX_PAGE;

/** Query of GET account/comments and account/commentsPending. */
export const myReviewsQuerySchema = z.object({
  page: optionalQuery(queryIntSchema(1, MAX_PAGE)).default(1),
  page_size: optionalQuery(queryIntSchema(1, MY_REVIEWS_PAGE_SIZE_MAX)).default(MY_REVIEWS_PAGE_SIZE_DEFAULT),
});
export type MyReviewsQuery = z.output<typeof myReviewsQuerySchema>;

/** Query of GET account/comment. */
export const reviewIdQuerySchema = z.object({ id: queryIdSchema });

/** Body of POST account/comment; the text is trimmed. */
export const writeReviewBodySchema = z.object({
  order_no: orderNoSchema,
  rating: z.number({ error: MSG_REVIEW_RATING }).refine(isReviewRating, { error: MSG_REVIEW_RATING }),
  content: z
    .string({ error: MSG_REVIEW_CONTENT_EMPTY })
    .superRefine((text, ctx) => {
      const problem = reviewContentError(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((text) => text.trim()),
  is_anonymous: z.boolean().optional().default(false),
});
export type WriteReviewBody = z.output<typeof writeReviewBodySchema>;

/** GET detail/comments: account_id, page ≥ 1, page_size 1-50 (default 10). */
export const reviewsQuerySchema = z.object({
  account_id: queryIdSchema,
  page: optionalQuery(queryIntSchema(1, MAX_PAGE)),
  page_size: optionalQuery(queryIntSchema(1, REVIEWS_PAGE_SIZE_MAX)),
});

// ---------------------------------------------------------------------------------------------
// answers

const rowId = z.number().int().positive();
const isoTime = z.string();

/** The listing a review is about, as the order list shows it. */
export const reviewProductSchema = z.strictObject({
  id: rowId,
  title: z.string(),
  img: z.string().nullable(),
  game_name: z.string(),
  role_name: z.string(),
});

/** The rental a review is about. */
export const reviewedOrderSchema = z.strictObject({
  order_no: z.string(),
  /** 时租, 日租, 早场 ... */
  option_label: z.string().nullable(),
  hours: z.number().int().nullable(),
  hire_start_time: isoTime.nullable(),
  hire_end_time: isoTime.nullable(),
});

/** One review of the signed-in user (已评价, assessInfo). */
export const myReviewSchema = z.strictObject({
  id: rowId,
  /** 1-5 */
  rating: z.number().int(),
  content: z.string(),
  is_anonymous: z.boolean(),
  /** The author's name as everyone else sees it: 匿名用户 or the masked nickname (租***01). */
  shown_as: z.string(),
  /** ISO 8601 */
  created_at: isoTime,
  product: reviewProductSchema,
  /** null for a review written before reviews came with orders (the demo's). */
  order: reviewedOrderSchema.nullable(),
});

/** One review as GET detail/comments answers it. */
export const reviewItemSchema = z.strictObject({
  id: rowId,
  /** Masked nickname (租***01) or ANONYMOUS_NICKNAME. */
  nickname: z.string(),
  /** null for an anonymous review or a user without one. */
  avatar: z.string().nullable(),
  /** 1-5 */
  rating: z.number().int(),
  content: z.string(),
  /** ISO 8601 */
  created_at: isoTime,
});

/** GET detail/comments: a page of reviews, newest first, and the listing's average over all of them. */
export const reviewsPageSchema = pageSchema(reviewItemSchema).extend({
  /** One decimal; null when the listing has no review. */
  average_rating: z.number().nullable(),
});

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const REVIEW_WIRE = {
  mine: wire(REVIEW_ROUTES.mine, { input: myReviewsQuerySchema, answer: pageSchema(myReviewSchema) }),
  pending: wire(REVIEW_ROUTES.pending, { input: myReviewsQuerySchema, answer: pageSchema(orderViewSchema) }),
  get: wire(REVIEW_ROUTES.get, { input: reviewIdQuerySchema, answer: myReviewSchema }),
  write: wire(REVIEW_ROUTES.write, { input: writeReviewBodySchema, answer: myReviewSchema }),
  listing: wire(REVIEW_ROUTES.listing, { input: reviewsQuerySchema, answer: reviewsPageSchema }),
};
