/**
 * The free rentals' routes with their schemas (routes.ts declares them; the endpoints serve them
 * through platform/http/serve.ts and tests read the answer schemas).
 */
import { z } from 'zod';
import { CATALOG_MAX_PAGE, type Page } from '~/features/catalog/contract/catalog';
import { gameRefSchema, listingCardSchema } from '~/features/catalog/wire';
import type { FreeCount, FreeCoupon, FreeGame, FreeOfferCard, FreePromotion } from '~/features/free/contract/free';
import { FREE_ROUTES } from '~/features/free/routes';
import { orderViewSchema } from '~/features/orders/wire';
import type { OrderView } from '~/features/wallet/contract/money';
import { MONEY_PAGE_SIZE_DEFAULT, MONEY_PAGE_SIZE_MAX } from '~/platform/config/constants';
import { FREE_LIST_PAGE_SIZE_MAX } from '~/features/free/constants';
import { bodyIdSchema, optionalQuery, pageSchema, queryIdSchema, queryIntSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** A GET that takes nothing: whatever query it is sent is ignored, as it always was. */
const noInputSchema = z.object({});

/** GET free/list: game_id, page ≥ 1, page_size 1-50 (default 20). */
export const freeListQuerySchema = z.object({
  game_id: optionalQuery(queryIdSchema),
  page: optionalQuery(queryIntSchema(1, CATALOG_MAX_PAGE)),
  page_size: optionalQuery(queryIntSchema(1, FREE_LIST_PAGE_SIZE_MAX)),
});

/** POST free/createOrder: the account whose free offer the renter takes, and the coupon that pays it (absent or null: the day's allowance). */
export const freeOrderRequestSchema = z.object({ account_id: bodyIdSchema, coupon_id: bodyIdSchema.nullable().optional() });
export type FreeOrderRequest = z.output<typeof freeOrderRequestSchema>;

/** GET free/orders: page ≥ 1, page_size 1-50 (default 10, as the order list). */
export const freeOrdersQuerySchema = z.object({
  page: optionalQuery(queryIntSchema(1, 1_000_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, MONEY_PAGE_SIZE_MAX)).default(MONEY_PAGE_SIZE_DEFAULT),
});
export type FreeOrdersQuery = z.output<typeof freeOrdersQuerySchema>;

// ---------------------------------------------------------------------------------------------
// answers

const count = z.number().int().nonnegative();

export const freeGameSchema = gameRefSchema.extend({ offer_count: count }) satisfies z.ZodType<FreeGame>;

/** ends_at is ISO 8601. */
export const freeOfferCardSchema = listingCardSchema.extend({ free_hours: z.number().int().positive(), ends_at: z.string() }) satisfies z.ZodType<FreeOfferCard>;

export const freePromotionSchema = z.strictObject({ title: z.string(), text: z.string(), active_offers: count }) satisfies z.ZodType<FreePromotion>;

export const freeCouponSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  hours: z.number().int().min(1).max(24),
  received_at: z.string(),
  expires_at: z.string(),
}) satisfies z.ZodType<FreeCoupon>;

export const freeCountSchema = z.strictObject({ per_day: count, used_today: count, remaining: count }) satisfies z.ZodType<FreeCount>;

// A page of orders as every order call answers them (orders/wire.ts orderViewSchema).
const orderPageSchema = pageSchema(orderViewSchema) satisfies z.ZodType<Page<OrderView>>;

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const FREE_WIRE = {
  games: wire(FREE_ROUTES.games, { input: noInputSchema, answer: z.array(freeGameSchema) }),
  list: wire(FREE_ROUTES.list, { input: freeListQuerySchema, answer: pageSchema(freeOfferCardSchema) }),
  promotion: wire(FREE_ROUTES.promotion, { input: noInputSchema, answer: freePromotionSchema }),
  count: wire(FREE_ROUTES.count, { input: noInputSchema, answer: freeCountSchema }),
  coupons: wire(FREE_ROUTES.coupons, { input: noInputSchema, answer: z.array(freeCouponSchema) }),
  createOrder: wire(FREE_ROUTES.createOrder, { input: freeOrderRequestSchema, answer: orderViewSchema }),
  orders: wire(FREE_ROUTES.orders, { input: freeOrdersQuerySchema, answer: orderPageSchema }),
};
