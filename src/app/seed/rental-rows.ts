/**
 * The rows of a rental the demo seed writes directly (seed money.ts and history.ts): the order as
 * the real order path would have left it, the sandbox gateway's trade number of its payment, and
 * the renter's visit before it as the collector records one.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { MS_PER_MINUTE, ORDER_PAY_TIMEOUT_MS, ORDER_STATUS } from '~/platform/config/constants';
import { DASHBOARD_CHECKOUT_ACTION } from '~/features/analytics/constants';
import { detailPath } from '~/features/catalog/server';
import type { RentalQuote } from '~/features/orders/rules/quote';
import { newNumber } from '~/features/orders/server';
import type { NewPageViewRow, orders } from '~/platform/db/schema';


export type OrderValues = typeof orders.$inferInsert;

/** The order row of a planned rental, priced by the same quoteRental as a real order (hourly, no VIP, no envelope). */
export function rentalOrderValues(plan: { userId: number; listingId: number; startsAt: Date }, quote: RentalQuote, finished: boolean): OrderValues {
  const paidAt = new Date(plan.startsAt.getTime() + 30_000);
  return {
    orderNo: newNumber('rental', plan.startsAt),
    kind: 'rental',
    userId: plan.userId,
    status: finished ? ORDER_STATUS.finished : ORDER_STATUS.paid,
    listingId: plan.listingId,
    rentalId: quote.rentalId,
    rentalOption: quote.option,
    hours: quote.hours,
    bonusHours: quote.bonusHours,
    reserved: false,
    startsAt: quote.startsAt,
    endsAt: quote.endsAt,
    originalFen: quote.baseFen,
    activityDiscountFen: quote.activityDiscountFen,
    vipDiscountFen: quote.vipDiscountFen,
    couponDiscountFen: quote.couponDiscountFen,
    payFen: quote.payFen,
    depositFen: quote.depositFen,
    totalFen: quote.totalFen,
    payChannel: 'alipay',
    payDeadline: new Date(plan.startsAt.getTime() + ORDER_PAY_TIMEOUT_MS),
    paidAt,
    finishedAt: finished ? quote.endsAt : null,
    depositReturnedFen: finished ? quote.depositFen : 0,
    createdAt: plan.startsAt,
  };
}

/** A trade number of the sandbox gateway's shape (providers/payment-sandbox.ts). */
export function sandboxTradeNo(): string {
  return `2026${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

/**
 * The visit that led to a rental, as the collector would have recorded it (one session): the hall,
 * the detail page and the 立即租号 click, a minute apart, the click a minute before the order.
 */
export function visitBefore(order: { userId: number; listingId: number; createdAt: Date }, sessionId = randomBytes(16).toString('hex')): NewPageViewRow[] {
  const at = (minutesBefore: number): Date => new Date(order.createdAt.getTime() - minutesBefore * MS_PER_MINUTE);
  const detail = detailPath(order.listingId);
  const common = { userId: order.userId, sessionId };
  return [
    { ...common, kind: 'pageview', name: 'zuhao', title: '租号大厅', path: '/zuhao.html', createdAt: at(3) },
    { ...common, kind: 'pageview', name: 'detail', title: '账号详情', path: detail, prevPage: '/zuhao.html', createdAt: at(2) },
    { ...common, kind: 'click', name: 'detail', path: detail, action: DASHBOARD_CHECKOUT_ACTION, value: { productId: order.listingId }, createdAt: at(1) },
  ];
}
