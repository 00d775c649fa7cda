/**
 * Issue 28 "never over a page that already shows the same message": a page says in its markup
 * what it shows, and a popup about that is not put up there. Two marks, read from the DOM by the
 * poller (store.ts) and matched here:
 * - SHOWS_NOTIFICATION_ATTR: the id of a notification the page shows (a 消息通知 row, 消息详情);
 * - SHOWS_SUBJECT_ATTR: what a notification is about, as notificationSubjects spells it (支付结果
 *   showing a successful payment of R123 shows `order_paid:R123`); `kind:*` (ANY_ORDER) for a page
 *   that shows every order's state of that kind (我的订单 lists the paid orders with their status).
 * Either attribute may hold several values, separated by spaces. A mark an island renders comes
 * late (the first poll answers in tens of milliseconds, before islands hydrate and load), so a page
 * whose marks wait for an island's data says so in its server HTML with SHOWS_PENDING_ATTR, which
 * the island drops once its rows are on screen; until then whether the page shows a popup is not
 * known, and the poller waits (at most NOTIFICATION_PAGE_MARKS_WAIT_MS). Marks known from the URL
 * alone (支付结果's order, 消息详情's id, 我的订单) are written in the server HTML directly.
 * Pure: values in, values out.
 */
export const SHOWS_NOTIFICATION_ATTR = 'data-shows-notification';
export const SHOWS_SUBJECT_ATTR = 'data-shows-subject';
export const SHOWS_PENDING_ATTR = 'data-shows-pending';
/** The order part of a subject that stands for every order. */
export const ANY_ORDER = '*';

/** What the page on screen shows, as read from its marks. */
export interface PageShows {
  notificationIds: ReadonlySet<number>;
  subjects: ReadonlySet<string>;
  /** Some of the page's marks are still to come (SHOWS_PENDING_ATTR). */
  pending: boolean;
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
export function readPageShows(idValues: readonly string[], subjectValues: readonly string[], pending = false): PageShows {
  const words = (values: readonly string[]): string[] => values.flatMap((value) => value.split(/\s+/)).filter((word) => word !== '');
  const notificationIds = new Set(words(idValues).filter((word) => /^[1-9]\d{0,14}$/.test(word)).map(Number));
  return { notificationIds, subjects: new Set(words(subjectValues)), pending };
}

/**
 * Whether the page already shows this notification (its id, or its subject); null when it does not
 * say so yet but may once its pending marks arrive.
 */
export function pageShowsNotification(notification: ShownCandidate, page: PageShows): boolean | null {
  if (page.notificationIds.has(notification.id)) return true;
  const subject = notificationSubject(notification.kind, notification.orderNo);
  if (subject !== null && (page.subjects.has(subject) || page.subjects.has(`${notification.kind}:${ANY_ORDER}`))) return true;
  return page.pending ? null : false;
}
