/**
 * The wanted board's tables: renters' wanted tasks and sellers' offers on them.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '~/platform/db/columns';
import { users } from '~/platform/db/tables';
import { games, listings } from '~/features/catalog/server/tables';
import { orders } from '~/features/orders/server/tables';

// ---------------------------------------------------------------------------------------------
// wanted board (/task, /task-publish) (docs/decisions.md "Wanted board and investment leads")

/**
 * A renter's wanted task: what account they want (game, requirements), the budget per hour and the
 * hours wanted, on the board until `expires_at`. An expired task is an open row past its expiry
 * (read at query time, so no sweep has to run first). Accepting an offer sets status, the offer and
 * the order together; the checks keep the three in step.
 */
export const wantedTasks = pgTable(
  'wanted_tasks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    requirements: varchar('requirements', { length: 500 }).notNull(),
    budgetHourFen: integer('budget_hour_fen').notNull(),
    hours: integer('hours').notNull(),
    /** open | accepted | closed (closed by its owner). */
    status: varchar('status', { length: 16 }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedOfferId: integer('accepted_offer_id'),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('wanted_tasks_hall_idx').on(t.gameId, t.expiresAt).where(sql`${t.status} = 'open'`),
    index('wanted_tasks_open_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
    index('wanted_tasks_user_idx').on(t.userId, t.id.desc()),
    uniqueIndex('wanted_tasks_order_key').on(t.orderId),
    check('wanted_tasks_status_check', sql`${t.status} in ('open', 'accepted', 'closed')`),
    check('wanted_tasks_budget_check', sql`${t.budgetHourFen} > 0`),
    check('wanted_tasks_hours_check', sql`${t.hours} between 1 and 168`),
    check('wanted_tasks_accepted_check', sql`(${t.status} = 'accepted') = (${t.orderId} is not null and ${t.acceptedOfferId} is not null)`),
  ],
);

/** A seller's offer on a task: one of their listings at a price per hour. */
export const taskOffers = pgTable(
  'task_offers',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => wantedTasks.id),
    sellerUserId: integer('seller_user_id')
      .notNull()
      .references(() => users.id),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id),
    priceHourFen: integer('price_hour_fen').notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** pending | accepted | declined (another offer was accepted). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('task_offers_task_listing_key').on(t.taskId, t.listingId),
    // The database's own guard: one accepted offer per task, whatever races.
    uniqueIndex('task_offers_one_accepted_key').on(t.taskId).where(sql`${t.status} = 'accepted'`),
    index('task_offers_seller_idx').on(t.sellerUserId, t.id.desc()),
    check('task_offers_status_check', sql`${t.status} in ('pending', 'accepted', 'declined')`),
    check('task_offers_price_check', sql`${t.priceHourFen} > 0`),
  ],
);

export type WantedTaskRow = typeof wantedTasks.$inferSelect;
export type TaskOfferRow = typeof taskOffers.$inferSelect;
