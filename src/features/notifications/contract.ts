/**
 * The wire contract of notifications (spec §3 Notification, §7 "GET notifications",
 * "GET /api/v1/notifications/unread", "POST notifications/{id}/read"): what the 15 s poll, the
 * popup queue and the 消息通知 screens read, and what services/notifications.ts builds.
 */
import type { z } from 'zod';
import type {
  notificationPageSchema,
  notificationReadAllResultSchema,
  notificationReadResultSchema,
  notificationViewSchema,
  unreadNotificationsSchema,
} from '~/features/notifications/wire';

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
  /** A password, phone, email, pay password or payout account changed (account/server/reauth.ts). */
  'account_security',
  /** To a listing's owner: a renter paid for (or took free) a rental of it. */
  'seller_rented',
  /** To a listing's owner: a renter filed a complaint on one of their rentals. */
  'seller_complaint',
  /** To a seller: rental earnings released to the balance. */
  'seller_earnings',
  /** Hafu-coin settlement: to the renter (report the coins left, settled) and to the owner (a report to answer, settled). */
  'hafu_settlement',
  /** To a listing's owner: a renter reported "cannot log in" on one of their rentals (refunded at once). */
  'seller_login_failure',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The 消息通知 filter: kinds grouped as a renter thinks of them. */
export const NOTIFICATION_FILTERS = {
  // The wanted board's offers and acceptances are steps toward an order.
  order: ['order_paid', 'rental_starting', 'rental_ending', 'rental_ended', 'order_refund', 'deposit_returned', 'task_offer', 'task_offer_accepted', 'seller_rented'],
  complaint: ['complaint_answered', 'complaint_decided', 'seller_complaint', 'seller_login_failure'],
  money: ['withdrawal_paid', 'withdrawal_refused', 'red_packet', 'vip_expiring', 'seller_earnings', 'hafu_settlement'],
  // A seller's certification and listing decisions are messages from the platform too;
  // a tab of their own would sit empty for every renter.
  system: ['broadcast', 'seller_certification', 'seller_listing', 'account_security'],
} as const satisfies Record<string, readonly NotificationKind[]>;
export type NotificationFilter = keyof typeof NOTIFICATION_FILTERS;
export const NOTIFICATION_FILTER_LABELS: Readonly<Record<NotificationFilter, string>> = {
  order: '订单',
  complaint: '投诉',
  money: '资金',
  system: '系统公告',
};

/** spec §3: params is JSON and carries order_no where an order is concerned. */
export type NotificationParams = NotificationView['params'];

// The answers' types are the outputs of their schemas (wire.ts); a type import keeps zod out of the
// islands that read them.
export type NotificationView = z.output<typeof notificationViewSchema>;
export type NotificationPage = z.output<typeof notificationPageSchema>;
export type UnreadNotifications = z.output<typeof unreadNotificationsSchema>;
export type NotificationReadResult = z.output<typeof notificationReadResultSchema>;
export type NotificationReadAllResult = z.output<typeof notificationReadAllResultSchema>;
