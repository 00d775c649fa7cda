/**
 * The notifications' tables: one message per user, and the operator broadcasts that fan out into
 * them.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type NotificationKind } from '~/features/notifications/contract';
import { createdAt } from '~/platform/db/columns';
import { users, operators } from '~/platform/db/tables';

// ---------------------------------------------------------------------------------------------
// reaching renters (spec §3 Notification, §7 notifications); popup ads and emergency notices are
// features/campaigns'

/** The wire contract's kinds (features/notifications/contract.ts) are the column's allowed values. */
export const NOTIFICATION_TYPES = NOTIFICATION_KINDS;
export type NotificationType = NotificationKind;

/**
 * One message to one user (spec §3 Notification). Events write them inside the transaction that
 * makes the event true; an operator broadcast fans out one row per user with its `broadcast_id`.
 * `dedupe_key` makes the sweep-driven ones (rental starting, 10 minutes before the end) once only,
 * whichever process or sweep gets there first.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationType: text('notification_type', { enum: NOTIFICATION_TYPES }).$type<NotificationType>().notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    /** spec §3: JSON carrying order_no where an order is concerned. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** Shown as a popup while unread (spec §4 "logged-in notification popups"). */
    popup: boolean('popup').notNull().default(true),
    dedupeKey: varchar('dedupe_key', { length: 96 }),
    broadcastId: integer('broadcast_id'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    // The 15 s poll: a user's unread ones, from the index alone (spec §7 notifications/unread).
    index('notifications_user_unread_idx').on(t.userId, t.id.desc()).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    check('notifications_type_check', sql.raw(`notification_type in (${NOTIFICATION_TYPES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** An operator broadcast: who it went to and when; rows in notifications. */
export const notificationBroadcasts = pgTable('notification_broadcasts', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  content: varchar('content', { length: 1000 }).notNull(),
  /** Which users: all, vip, sellers (services/notifications.ts). */
  segment: varchar('segment', { length: 16 }).notNull().default('all'),
  recipients: integer('recipients').notNull().default(0),
  /** Whether the messages also pop up (console). */
  popup: boolean('popup').notNull().default(true),
  /** The operator who sent it (null for the demo seed's). */
  operatorId: integer('operator_id').references(() => operators.id),
  /** The console form's key: a double click or a retry sends once (unique). */
  requestKey: varchar('request_key', { length: 64 }).unique('notification_broadcasts_request_key'),
  createdAt: createdAt(),
});
