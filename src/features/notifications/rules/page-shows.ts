/**
 * Issue 28 "never over a page that already shows the same message": a page says in its markup
 * what it shows, and a popup about that is not put up there. Two marks, read from the DOM by the
 * poller (store.ts) and matched here:
 * - SHOWS_NOTIFICATION_ATTR: the id of a notification the page shows (a 消息通知 row, 消息详情);
 * - SHOWS_SUBJECT_ATTR: what a notification is about, as notificationSubjects spells it (支付结果
 *   showing a successful payment of R123 shows `order_paid:R123`); `kind:*` (ANY_ORDER) for a page
 *   that shows every order's state of that kind (我的订单 lists the paid orders with their status).
 * Either attribute may hold several values, separated by spaces. Pure: values in, values out.
 */
export const SHOWS_NOTIFICATION_ATTR = 'data-shows-notification';
export const SHOWS_SUBJECT_ATTR = 'data-shows-subject';
/** The order part of a subject that stands for every order. */
export const ANY_ORDER = '*';

/** What the page on screen shows, as read from its marks. */
export interface PageShows {
  notificationIds: ReadonlySet<number>;
  subjects: ReadonlySet<string>;
}

/** A notification as this rule needs it: its id, kind, and the order it is about (if any). */
export interface ShownCandidate {
  id: number;
  kind: string;
  orderNo: string | null;
}

/** The subject a page names to say it shows a notification of this kind about this order. */
export function notificationSubject(kind: string, orderNo: string | null): string | null {
  return orderNo === null || orderNo === '' ? null : `${kind}:${orderNo}`;
}

/** The marks' values as a PageShows: anything that is not a positive id or a subject is ignored. */
export function readPageShows(idValues: readonly string[], subjectValues: readonly string[]): PageShows {
  const words = (values: readonly string[]): string[] => values.flatMap((value) => value.split(/\s+/)).filter((word) => word !== '');
  const notificationIds = new Set(words(idValues).filter((word) => /^[1-9]\d{0,14}$/.test(word)).map(Number));
  return { notificationIds, subjects: new Set(words(subjectValues)) };
}

/** Whether the page already shows this notification (its id, or its subject). */
export function pageShowsNotification(notification: ShownCandidate, page: PageShows): boolean {
  if (page.notificationIds.has(notification.id)) return true;
  const subject = notificationSubject(notification.kind, notification.orderNo);
  return subject !== null && (page.subjects.has(subject) || page.subjects.has(`${notification.kind}:${ANY_ORDER}`));
}
