/**
 * Free rentals of the signed-in user (spec §7 free "create order", "free count", "orders";
 * docs/money-api.md "Free orders"). The reads of offers (games, list, promotion) are server
 * rendered on /free and need no client call.
 */
import { call, type RequestOptions } from '~/platform/client/client';
import type { FreeCount, FreeCoupon } from '~/features/free/contract/free';
import { FREE_ROUTES } from '~/features/free/routes';
import { IDEMPOTENCY_HEADER, type OrderView, type Page } from '~/features/wallet/client/money';

type Signal = Pick<RequestOptions, 'signal'>;

/** GET free/count: the user's free rentals of today (Shanghai day); cancelled free orders still count. */
export type FreeCountAnswer = FreeCount;

export function getFreeCount(options: Signal = {}): Promise<FreeCountAnswer> {
  return call(FREE_ROUTES.count, {}, options);
}

/**
 * A free rental of the account's running offer, already running: no payment, no deposit; paid by
 * the day's allowance, or by `couponId` (a free-rental coupon, used by this order). 403 code
 * 1003 without real-name verification; 409 when today's free rentals are used or (code 1006) the
 * window is taken. The key makes a double click or a retried request one order.
 */
export function createFreeOrder(accountId: number, idempotencyKey: string, couponId: number | null = null): Promise<OrderView> {
  return call(FREE_ROUTES.createOrder, { account_id: accountId, coupon_id: couponId }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** GET free/coupons: the user's usable free-rental coupons (免费租号券), soonest to expire first. */
export type { FreeCoupon };

export function getFreeCoupons(options: Signal = {}): Promise<FreeCoupon[]> {
  return call(FREE_ROUTES.coupons, {}, options);
}

/** The user's free orders, newest first, whatever their status. */
export function listFreeOrders(query: { page: number; page_size: number }, options: Signal = {}): Promise<Page<OrderView>> {
  return call(FREE_ROUTES.orders, query, options);
}
