/**
 * A renter's notifications (spec §3 Notification, §7 "GET notifications", "GET
 * /api/v1/notifications/unread", "POST notifications/{id}/read"; contract/notifications.ts).
 * Every call needs the signed-in user's token; another user's id answers 404.
 */
import type { NotificationFilter, NotificationPage, NotificationReadAllResult, NotificationReadResult, NotificationView, UnreadNotifications } from '~/features/notifications/contract';
import { apiGet, apiPost, type RequestOptions } from '~/platform/client/client';

export type * from '~/features/notifications/contract';
export { NOTIFICATION_FILTERS, NOTIFICATION_FILTER_LABELS, NOTIFICATION_KINDS } from '~/features/notifications/contract';

type Signal = Pick<RequestOptions, 'signal'>;

export const NOTIFICATIONS_PATH = '/notifications';
export const UNREAD_NOTIFICATIONS_PATH = '/notifications/unread';

export interface NotificationListQuery {
  page: number;
  page_size: number;
  /** One group of kinds (消息通知's tabs); absent means every kind. */
  filter?: NotificationFilter;
  /** Only today's (Asia/Shanghai day). */
  is_today?: boolean;
}

/** 消息通知: unread first, then newest first. */
export function listNotifications(query: NotificationListQuery, options: Signal = {}): Promise<NotificationPage> {
  return apiGet(NOTIFICATIONS_PATH, { ...query }, options);
}

/**
 * The 15 s poll (spec §7: reads code and data.popups): today's unread popups. Quiet: a poll the
 * visitor did not ask for shows no toast when the network fails (a 401 still signs out, spec §8).
 */
export function getUnreadNotifications(options: Signal = {}): Promise<UnreadNotifications> {
  return apiGet(UNREAD_NOTIFICATIONS_PATH, { is_today: true }, { ...options, quiet: true });
}

/** 消息详情: one of the user's notifications; 404 for an unknown id or anyone else's. */
export function getNotification(id: number, options: Signal = {}): Promise<NotificationView> {
  return apiGet(`${NOTIFICATIONS_PATH}/${encodeURIComponent(String(id))}`, undefined, options);
}

/**
 * Marks one read (spec §7: no body). `quiet` for the popup's own mark, which the visitor did not
 * ask for; the detail screen's mark is quiet too (the message is on screen either way).
 */
export function markNotificationRead(id: number): Promise<NotificationReadResult> {
  return apiPost(`${NOTIFICATIONS_PATH}/${encodeURIComponent(String(id))}/read`, undefined, { quiet: true });
}

/** 全部已读: every unread one, or only one group's. */
export function markAllNotificationsRead(filter?: NotificationFilter): Promise<NotificationReadAllResult> {
  return apiPost(`${NOTIFICATIONS_PATH}/readAll`, filter ? { filter } : undefined);
}
