/**
 * The wire contract of notifications (spec §3 Notification, §7 "GET notifications",
 * "GET /api/v1/notifications/unread", "POST notifications/{id}/read"): what the 15 s poll, the
 * popup queue and the 消息通知 screens read, and what services/notifications.ts builds.
 */
import type { Page } from '~/platform/wire/common';

/** What a notification is about; the server's NOTIFICATION_TYPES (db/schema.ts) are the same list. */
export const NOTIFICATION_KINDS = [
  'order_paid',
  'rental_starting',
  'rental_ending',
  'rental_ended',
  'order_refund',
  'deposit_returned',
  'complaint_answered',
  'complaint_decided',
  'withdrawal_paid',
  'withdrawal_refused',
  'red_packet',
  'vip_expiring',
  'broadcast',
  'seller_certification',
  'seller_listing',
  'task_offer',
  'task_offer_accepted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The 消息通知 filter: kinds grouped as a renter thinks of them. */
export const NOTIFICATION_FILTERS = {
  // The wanted board's offers and acceptances are steps toward an order.
  order: ['order_paid', 'rental_starting', 'rental_ending', 'rental_ended', 'order_refund', 'deposit_returned', 'task_offer', 'task_offer_accepted'],
  complaint: ['complaint_answered', 'complaint_decided'],
  money: ['withdrawal_paid', 'withdrawal_refused', 'red_packet', 'vip_expiring'],
  // A seller's certification and listing decisions are messages from the platform too;
  // a tab of their own would sit empty for every renter.
  system: ['broadcast', 'seller_certification', 'seller_listing'],
} as const satisfies Record<string, readonly NotificationKind[]>;
export type NotificationFilter = keyof typeof NOTIFICATION_FILTERS;
export const NOTIFICATION_FILTER_LABELS: Readonly<Record<NotificationFilter, string>> = {
  order: '订单',
  complaint: '投诉',
  money: '资金',
  system: '系统公告',
};

/** spec §3: params is JSON and carries order_no where an order is concerned. */
export interface NotificationParams {
  order_no?: string;
  [key: string]: unknown;
}

/** spec §3 Notification, plus when it was written and whether it has been read. */
export interface NotificationView {
  id: number;
  title: string;
  content: string;
  notification_type: NotificationKind;
  params: NotificationParams;
  /** Written today (Asia/Shanghai day). */
  is_today: boolean;
  is_read: boolean;
  /** ISO 8601. */
  created_at: string;
}

/** GET /api/v1/notifications `data`: unread first, then newest first; `unread` counts all unread. */
export interface NotificationPage extends Page<NotificationView> {
  unread: number;
}

/** GET /api/v1/notifications/unread `data` (spec §7 "reads code and data.popups"). */
export interface UnreadNotifications {
  /** Unread notifications to pop up, oldest first (the queue shows them in order). */
  popups: NotificationView[];
  /** All unread notifications (the header badge). */
  unread: number;
}

/** POST /api/v1/notifications/{id}/read `data`: the id, and how many are still unread (the badge). */
export interface NotificationReadResult {
  id: number;
  unread: number;
}

/** POST /api/v1/notifications/readAll `data` (body optional: `{ filter?: NotificationFilter }`). */
export interface NotificationReadAllResult {
  /** How many were unread and are now read. */
  marked: number;
  unread: number;
}
