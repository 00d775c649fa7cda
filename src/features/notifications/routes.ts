/**
 * The notifications' routes (spec §7 "GET notifications", "GET /api/v1/notifications/unread",
 * "POST notifications/{id}/read"), declared once: the browser calls them with `call(route, input)`,
 * the endpoints serve them with the schemas of wire.ts. Every one needs the signed-in user's token;
 * another user's id answers 404.
 */
import { route } from '~/platform/wire/route';
import type {
  NotificationFilter,
  NotificationPage,
  NotificationReadAllResult,
  NotificationReadResult,
  NotificationView,
  UnreadNotifications,
} from '~/features/notifications/contract';

export interface NotificationListQuery {
  page: number;
  page_size: number;
  /** One group of kinds (消息通知's tabs); absent means every kind. */
  filter?: NotificationFilter;
  /** Only today's (Asia/Shanghai day). */
  is_today?: boolean;
}

export const NOTIFICATION_ROUTES = {
  /** 消息通知: unread first, then newest first. */
  list: route.get<NotificationListQuery, NotificationPage>('/notifications'),
  /** The 15 s poll: unread popups (today's, with is_today) and the unread count. */
  unread: route.get<{ is_today?: boolean }, UnreadNotifications>('/notifications/unread'),
  /** 消息详情: one of the user's notifications. */
  get: route.get<{ id: number }, NotificationView>('/notifications/:id'),
  /** Marks one read (spec §7: no body). */
  markRead: route.post<{ id: number }, NotificationReadResult>('/notifications/:id/read'),
  /** 全部已读: every unread one, or only one group's. */
  markAllRead: route.post<{ filter?: NotificationFilter }, NotificationReadAllResult>('/notifications/readAll'),
};
