/**
 * The free rentals' routes, declared once (spec §7 free group; docs/money-api.md "Free orders"):
 * the browser calls them with `call(route, input)`, the endpoints serve them with the schemas of
 * wire.ts. The offers' reads (games, list, promotion) need no token and are server rendered on
 * /free; the count, the orders and a new free order are the signed-in user's.
 */
import type { Page } from '~/features/catalog/contract/catalog';
import type { FreeCount, FreeCoupon, FreeGame, FreeListQuery, FreeOfferCard, FreePromotion } from '~/features/free/contract/free';
import type { OrderView } from '~/features/wallet/contract/money';
import { route, type NoInput } from '~/platform/wire/route';

export const FREE_ROUTES = {
  /** Games with active free offers and how many each. */
  games: route.get<NoInput, FreeGame[]>('/free/games'),
  /** Active offers as cards with free_hours and ends_at; page_size 1-50 (default 20). */
  list: route.get<FreeListQuery, Page<FreeOfferCard>>('/free/list'),
  /** The campaign's title and text and how many offers run now. */
  promotion: route.get<NoInput, FreePromotion>('/free/promotion'),
  /** The caller's free rentals of today (Shanghai day); cancelled free orders still count. */
  count: route.get<NoInput, FreeCount>('/free/count'),
  /** The caller's usable free-rental coupons (免费租号券), soonest to expire first, at most 100. */
  coupons: route.get<NoInput, FreeCoupon[]>('/free/coupons'),
  /**
   * A free rental, already running (Idempotency-Key header), paid by the day's allowance or, with
   * coupon_id, by that coupon (used in the same transaction). 403 code 1003 without real-name
   * verification; 400 without an offer running now; 409 once today's are used, 404/409 for a
   * coupon that is not the caller's, used or expired; 409 code 1006 when the window is taken.
   */
  createOrder: route.post<{ account_id: number; coupon_id?: number | null }, OrderView>('/free/createOrder'),
  /** The caller's free orders, newest first; page_size 1-50 (default 10). */
  orders: route.get<{ page?: number; page_size?: number }, Page<OrderView>>('/free/orders'),
};
