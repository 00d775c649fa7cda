/**
 * The account area's own tables: footprints (我的足迹, the listings a user viewed, one row a day)
 * and deregistration requests.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '~/platform/db/columns';
import { users } from '~/platform/db/tables';
import { listings } from '~/features/catalog/server/tables';

// ---------------------------------------------------------------------------------------------
// footprints and deregistration

/**
 * 我的足迹: one row per user, listing and Asia/Shanghai day (viewed_day), so a day's repeated
 * views are one upsert that only moves viewed_at. Kept FOOTPRINT_KEEP_DAYS (housekeeping.ts).
 */
export const footprints = pgTable(
  'footprints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The Shanghai calendar day of the views, 'YYYY-MM-DD'. */
    viewedDay: text('viewed_day').notNull(),
    /** The latest view of that day. */
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('footprints_user_listing_day_key').on(t.userId, t.listingId, t.viewedDay),
    index('footprints_user_viewed_idx').on(t.userId, t.viewedAt.desc(), t.id.desc()),
    index('footprints_viewed_at_idx').on(t.viewedAt),
    index('footprints_listing_idx').on(t.listingId),
    check('footprints_viewed_day_check', sql`${t.viewedDay} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

export const DEACTIVATION_STATES = ['pending', 'cancelled', 'completed'] as const;
export type DeactivationState = (typeof DEACTIVATION_STATES)[number];

/**
 * A deregistration (spec §7 account "deactivation check/start/confirm"): started with an SMS code,
 * cancelled by any sign-in during the cooling-off, completed by housekeeping once cools_until has
 * passed (the user row is then anonymised and its status set to 'deleted'). At most one pending.
 */
export const deactivationRequests = pgTable(
  'deactivation_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: DEACTIVATION_STATES }).notNull().default('pending'),
    /** The balance the user agreed to forfeit when starting (0 when there was none). */
    forfeitFen: bigint('forfeit_fen', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    coolsUntil: timestamp('cools_until', { withTimezone: true, mode: 'date' }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('deactivation_requests_one_pending_key').on(t.userId).where(sql`${t.state} = 'pending'`),
    index('deactivation_requests_user_idx').on(t.userId, t.id.desc()),
    index('deactivation_requests_due_idx').on(t.coolsUntil).where(sql`${t.state} = 'pending'`),
    check('deactivation_requests_state_check', sql`${t.state} in ('pending', 'cancelled', 'completed')`),
    check('deactivation_requests_forfeit_check', sql`${t.forfeitFen} >= 0`),
  ],
);
