/**
 * Order status, spec §3 (order_status, order_status_text) and §4 (pay status check):
 * 1 待支付, 2 支付中 (sent to a gateway, no notify yet), 3 paid, 4 已完成, 5 已取消.
 * A paid rental reads 待开始 before its start and 租赁中 after; a paid VIP order or recharge
 * reads 已支付. /pay-result turns the status into a code: 3 or 4 → 0, 5 → 1002, 2 → 1001,
 * anything else → -1.
 */
import { ORDER_STATUS, PAY_STATUS_CODE } from '~/platform/config/constants';

export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export type PayStatusCode = (typeof PAY_STATUS_CODE)[keyof typeof PAY_STATUS_CODE];
export type OrderKindName = 'rental' | 'vip' | 'recharge';

/** §4 pay status check. */
export function payStatusCode(orderStatus: number): PayStatusCode {
  if (orderStatus === ORDER_STATUS.paid || orderStatus === ORDER_STATUS.finished) return PAY_STATUS_CODE.success;
  if (orderStatus === ORDER_STATUS.cancelled) return PAY_STATUS_CODE.cancelled;
  if (orderStatus === ORDER_STATUS.paying) return PAY_STATUS_CODE.paying;
  return PAY_STATUS_CODE.failed;
}

/** What /pay-result says for each code. */
export const PAY_RESULT_TEXT: Readonly<Record<PayStatusCode, string>> = {
  [PAY_STATUS_CODE.success]: '支付成功',
  [PAY_STATUS_CODE.paying]: '支付确认中',
  [PAY_STATUS_CODE.cancelled]: '订单已取消',
  [PAY_STATUS_CODE.failed]: '订单未支付',
};

/** spec §8 toast of /pay-result without an order number. */
export const MSG_PAY_RESULT_NO_ORDER = '缺少商户单号,获取支付结果失败';

/** spec §8 toast: 我的订单 was sent an order_no it cannot read (empty or not an order number). */
export const MSG_ORDER_INFO_MISSING = '订单信息缺失';

/**
 * Where a payer lands after paying (spec §2 /pay-result), from the checkout of the detail page,
 * from 我的订单 and from a wanted-board offer alike; the gateways' return URL is the same address.
 */
export function payResultHref(orderNo: string): string {
  return `/pay-result?order_no=${encodeURIComponent(orderNo)}`;
}

/** order_status_text for a kind at `now`. */
export function orderStatusText(kind: OrderKindName, status: number, startsAt: Date | null, now: Date): string {
  switch (status) {
    case ORDER_STATUS.unpaid:
      return '待支付';
    case ORDER_STATUS.paying:
      return '支付中';
    case ORDER_STATUS.paid:
      if (kind === 'rental') return startsAt && startsAt.getTime() > now.getTime() ? '待开始' : '租赁中';
      return kind === 'recharge' ? '已到账' : '已支付';
    case ORDER_STATUS.finished:
      return '已完成';
    case ORDER_STATUS.cancelled:
      return '已取消';
    default:
      return '未知状态';
  }
}

/** Filters of /account/order, in tab order; `statuses` null means all. */
export const ORDER_LIST_FILTERS = [
  { key: 'all', label: '全部', statuses: null },
  { key: 'unpaid', label: '待支付', statuses: [ORDER_STATUS.unpaid, ORDER_STATUS.paying] },
  { key: 'running', label: '租赁中', statuses: [ORDER_STATUS.paid] },
  { key: 'finished', label: '已完成', statuses: [ORDER_STATUS.finished] },
  { key: 'cancelled', label: '已取消', statuses: [ORDER_STATUS.cancelled] },
] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number]['key'];
