/**
 * Where a notification leads ("A notification about an order links to that order"):
 * the popup's link, 消息通知's rows and 消息详情's 查看订单 all read it from here.
 * The renter has no page per order: 我的订单 shows the one order named by ?order_no= (OrderList).
 */
import type { NotificationKind, NotificationView } from '~/features/notifications/contract';

export const ORDER_LIST_PATH = '/account/order';
export const NOTIFY_DETAIL_PATH = '/account/notify_detail';

/** Order numbers are short printable tokens (R2026…); anything else is not linked. */
const ORDER_NO = /^[0-9A-Za-z_-]{1,64}$/;

/** The order a notification is about, when its params name one. */
export function notificationOrderNo(params: unknown): string | null {
  if (typeof params !== 'object' || params === null) return null;
  const orderNo = (params as { order_no?: unknown }).order_no;
  return typeof orderNo === 'string' && ORDER_NO.test(orderNo) ? orderNo : null;
}

export function orderHref(orderNo: string): string {
  return `${ORDER_LIST_PATH}?order_no=${encodeURIComponent(orderNo)}`;
}

export function notifyDetailHref(id: number): string {
  return `${NOTIFY_DETAIL_PATH}?id=${id}`;
}

/** The seller's own page a platform decision is about, by kind. */
export const SELLER_NOTIFICATION_LINKS: Readonly<Partial<Record<NotificationKind, { href: string; text: string }>>> = {
  seller_certification: { href: '/seller/apply', text: '查看认证' },
  seller_listing: { href: '/seller/listings', text: '查看我的出租' },
  seller_earnings: { href: '/seller/earnings', text: '查看收益' },
};

/** A wanted task's page (/task?id=): where its owner reads the offers. */
export function taskLink(taskId: number): string {
  return `/task?id=${taskId}`;
}

/** 我的投诉: where a renter reads the platform's decision on their complaint. */
export const COMPLAINT_LIST_LINK = '/account/complain';
export const SELLER_ORDERS_PATH = '/seller/orders';

/** 出租订单 showing one order: where the listing's owner reads a decision on it. */
export function sellerOrderLink(orderNo: string): string {
  return `${SELLER_ORDERS_PATH}?order_no=${encodeURIComponent(orderNo)}`;
}

/**
 * A link the server put in params.link, when it is one of the places a notification may lead
 * (a message cannot send anyone off the site or to an arbitrary page), with its words.
 */
export function notificationTarget(params: unknown): { href: string; text: string } | null {
  if (typeof params !== 'object' || params === null) return null;
  const link = (params as { link?: unknown }).link;
  if (typeof link !== 'string') return null;
  if (link === COMPLAINT_LIST_LINK) return { href: link, text: '查看投诉' };
  if (/^\/seller\/orders\?order_no=[0-9A-Za-z_-]{1,64}$/.test(link)) return { href: link, text: '查看订单' };
  if (/^\/task\?id=\d{1,10}$/.test(link)) return { href: link, text: '查看报价' };
  return null;
}

/**
 * The popup's link: where the server said (a complaint decision opens the complaint), else the order
 * (查看订单) when there is one, the seller's page for a platform decision about their shop or
 * listing, else the message itself (查看详情).
 */
export function notificationLink(notification: Pick<NotificationView, 'id' | 'params' | 'notification_type'>): { href: string; text: string } {
  const target = notificationTarget(notification.params);
  if (target) return target;
  const orderNo = notificationOrderNo(notification.params);
  if (orderNo) return { href: orderHref(orderNo), text: '查看订单' };
  return SELLER_NOTIFICATION_LINKS[notification.notification_type] ?? { href: notifyDetailHref(notification.id), text: '查看详情' };
}
