/**
 * Pure helpers of the renter's order screens (/account/order, /account/complain): URL query,
 * countdown text, which buttons a card shows, which money lines it lists. No I/O, no clock read.
 */
import { isApiError } from '~/platform/client/errors';
import type { LoginFailureReport, OrderActions, OrderView } from '~/features/wallet/client/money';
import { ORDER_STATUS } from '~/platform/config/constants';
import { ORDER_LIST_FILTERS, type OrderListFilter } from '~/features/orders/rules/order-status';
import { pageParam, setPageParam } from '~/platform/ui/page-query';

/** Where 去充值 goes (route Recharge). */
export const RECHARGE_HREF = '/account/Recharge';

/** Props of the dialogs that change an order: onDone gets the server's new OrderView. */
export interface OrderDialogProps {
  order: OrderView;
  open: boolean;
  onClose(): void;
  onDone(order: OrderView): void;
}

export { focusRing } from '~/platform/ui/focus-ring';

// ---------------------------------------------------------------------------------------------
// URL query: ?filter=running&page=2 (a reload or a shared link stays on the same tab and page)

export interface OrderListQuery {
  filter: OrderListFilter;
  page: number;
}

/** A tab key from the URL; anything unknown (or absent) is 'all'. */
export function parseOrderFilter(raw: string | null): OrderListFilter {
  return ORDER_LIST_FILTERS.find((filter) => filter.key === raw)?.key ?? 'all';
}

export function readOrderQuery(search: string): OrderListQuery {
  const params = new URLSearchParams(search);
  return { filter: parseOrderFilter(params.get('filter')), page: pageParam(params) };
}

/**
 * The address with the query written in; the defaults (全部, page 1) are left out so the plain
 * address stays canonical. Other parameters and the hash are kept.
 */
export function withListQuery(href: string, query: { filter?: OrderListFilter; page: number }): string {
  const url = new URL(href);
  if (query.filter !== undefined) {
    if (query.filter === 'all') url.searchParams.delete('filter');
    else url.searchParams.set('filter', query.filter);
  }
  setPageParam(url, query.page);
  return `${url.pathname}${url.search}${url.hash}`;
}

// ---------------------------------------------------------------------------------------------
// countdown of the credentials panel

const pad = (value: number): string => String(value).padStart(2, '0');

/** Whole seconds from `nowMs` to `endsAt` (ISO), never negative; 0 for an unreadable date. */
export function secondsUntil(endsAt: string, nowMs: number): number {
  const endMs = Date.parse(endsAt);
  if (Number.isNaN(endMs)) return 0;
  return Math.max(0, Math.floor((endMs - nowMs) / 1000));
}

/** 93784 → '1天 02:03:04'; 7384 → '02:03:04' (no day part under a day). */
export function countdownText(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

// ---------------------------------------------------------------------------------------------
// the card

export type OrderActionKey = 'pay' | 'credentials' | 'loginFailure' | 'renew' | 'charge' | 'cancel' | 'complain' | 'review';

/** Button order on a card: the money step first, the way out (cancel) and afterthoughts last. */
const ACTION_ORDER: ReadonlyArray<readonly [OrderActionKey, keyof OrderActions]> = [
  ['pay', 'can_pay'],
  ['credentials', 'can_view_credentials'],
  // Right after the login details: it is about them, and only for the first minutes.
  ['loginFailure', 'can_report_login_failure'],
  ['renew', 'can_renew'],
  ['charge', 'can_charge_game_money'],
  ['cancel', 'can_cancel'],
  ['complain', 'can_complain'],
  ['review', 'can_review'],
];

export const ORDER_ACTION_LABEL: Readonly<Record<OrderActionKey, string>> = {
  pay: '去支付',
  credentials: '查看账号',
  loginFailure: '无法登录',
  renew: '续租',
  charge: '预充哈夫币',
  cancel: '取消订单',
  complain: '投诉',
  review: '评价',
};

/** The buttons a card shows: exactly what the server allows, in a fixed order. */
export function visibleOrderActions(actions: OrderActions): OrderActionKey[] {
  return ACTION_ORDER.filter(([, flag]) => actions[flag]).map(([key]) => key);
}

/** A yuan string that is not zero ("0.00", "0", "" and null are zero). */
export function isNonZeroYuan(yuan: string | null | undefined): boolean {
  return typeof yuan === 'string' && /[1-9]/.test(yuan);
}

export interface MoneyLine {
  key: string;
  label: string;
  /** Shown as is: "¥12.50", "−¥2.00", "无押金". */
  value: string;
  tone: 'strong' | 'minus' | 'back' | 'plain' | 'muted';
}

/**
 * The money lines of a card: what was paid and the deposit always; discounts, refunds and the
 * hafu-coin prepay only when they happened, so a plain rental stays two lines.
 */
export function orderMoneyLines(order: OrderView): MoneyLine[] {
  const lines: MoneyLine[] = [
    { key: 'pay', label: '实付', value: `¥${order.hire_real_pay_prices}`, tone: 'strong' },
    // spec §9: a deposit of 0 reads 无押金.
    { key: 'deposit', label: '押金', value: isNonZeroYuan(order.deposit) ? `¥${order.deposit}` : '无押金', tone: 'plain' },
  ];
  const optional: Array<[string, string, string, MoneyLine['tone']]> = [
    ['vip', 'VIP减免', order.hire_vip_discount_prices, 'minus'],
    ['coupon', '红包抵扣', order.hire_coupon_discount_prices, 'minus'],
    ['refund', '已退款', order.refund_amount, 'back'],
    ['deposit_returned', '押金已退', order.deposit_returned, 'back'],
    ['game_money', '哈夫币预充', order.hire_game_money_prices, 'plain'],
    ['game_money_refund', '哈夫币退还', order.hire_refund_game_money_prices, 'back'],
  ];
  for (const [key, label, yuan, tone] of optional) {
    if (isNonZeroYuan(yuan)) lines.push({ key, label, value: tone === 'minus' ? `−¥${yuan}` : `¥${yuan}`, tone });
  }
  return lines;
}

/** '日租 · 24小时'; null when the order carries no rental period. */
export function rentalSummary(order: Pick<OrderView, 'option_label' | 'hours'>): string | null {
  if (!order.option_label && order.hours === null) return null;
  return [order.option_label, order.hours !== null ? `${order.hours}小时` : null].filter(Boolean).join(' · ');
}

/** Badge colours by order_status; a paid rental that has not started yet reads differently. */
export function statusBadgeClass(order: Pick<OrderView, 'order_status' | 'order_status_text'>): string {
  switch (order.order_status) {
    case ORDER_STATUS.unpaid:
    case ORDER_STATUS.paying:
      return 'bg-amber-50 text-amber-800 ring-amber-200';
    case ORDER_STATUS.paid:
      return order.order_status_text === '待开始' ? 'bg-sky-50 text-sky-800 ring-sky-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200';
    case ORDER_STATUS.finished:
      return 'bg-neutral-100 text-neutral-700 ring-neutral-200';
    default:
      return 'bg-neutral-50 text-neutral-600 ring-neutral-200';
  }
}

/** The list after an action: the order with the same number swapped for the server's new one. */
export function replaceOrder(list: readonly OrderView[], order: OrderView): OrderView[] {
  return list.map((item) => (item.order_no === order.order_no ? order : item));
}

/** The server's Chinese msg of a failed call, or `fallback` for anything that is not an ApiError. */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.msg ? error.msg : fallback;
}

/** The success line of a "cannot log in" report: what came back, from the server's answer. */
export function loginFailureDoneText(report: LoginFailureReport): string {
  const comp = report.compensation_fen > 0 ? `，号主赔付 ¥${report.compensation}` : '';
  return `已终止租赁，全额退款 ¥${report.refund}${comp}，已到钱包余额`;
}
