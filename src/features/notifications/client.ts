/**
 * A renter's notifications in the browser: each call is a declared route (routes.ts).
 * Every call needs the signed-in user's token; another user's id answers 404.
 */
import type { NotificationFilter, NotificationPage, NotificationReadAllResult, NotificationReadResult, NotificationView, UnreadNotifications } from '~/features/notifications/contract';
import { NOTIFICATION_ROUTES, type NotificationListQuery } from '~/features/notifications/routes';
import { call, type RequestOptions } from '~/platform/client/client';

export type * from '~/features/notifications/contract';
export type { NotificationListQuery } from '~/features/notifications/routes';
export { NOTIFICATION_FILTERS, NOTIFICATION_FILTER_LABELS, NOTIFICATION_KINDS } from '~/features/notifications/contract';

type Signal = Pick<RequestOptions, 'signal'>;

/** 消息通知: unread first, then newest first. */
export function listNotifications(query: NotificationListQuery, options: Signal = {}): Promise<NotificationPage> {
  return call(NOTIFICATION_ROUTES.list, query, options);
}

/**
 * The 15 s poll (spec §7: reads code and data.popups): today's unread popups. Quiet: a poll the
 * visitor did not ask for shows no toast when the network fails (a 401 still signs out, spec §8).
 */
export function getUnreadNotifications(options: Signal = {}): Promise<UnreadNotifications> {
  return call(NOTIFICATION_ROUTES.unread, { is_today: true }, { ...options, quiet: true });
}

/** 消息详情: one of the user's notifications; 404 for an unknown id or anyone else's. */
export function getNotification(id: number, options: Signal = {}): Promise<NotificationView> {
  return call(NOTIFICATION_ROUTES.get, { id }, options);
}

/**
 * Marks one read (spec §7: no body). `quiet` for the popup's own mark, which the visitor did not
 * ask for; the detail screen's mark is quiet too (the message is on screen either way).
 */
export function markNotificationRead(id: number): Promise<NotificationReadResult> {
  return call(NOTIFICATION_ROUTES.markRead, { id }, { quiet: true });
}

/** 全部已读: every unread one, or only one group's. */
export function markAllNotificationsRead(filter?: NotificationFilter): Promise<NotificationReadAllResult> {
  return call(NOTIFICATION_ROUTES.markAllRead, filter ? { filter } : {});
}
