/**
 * The activities' tables: investment leads (招商合作), invitations with the facts the anti-abuse
 * rule reads, and the lottery (prizes, chances, draws).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '~/platform/db/columns';
import { users, operators } from '~/platform/db/tables';

/** 招商合作 applications, kept for operations (/ops/investment-leads). */
export const investmentLeads = pgTable(
  'investment_leads',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 20 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    city: varchar('city', { length: 20 }).notNull(),
    /** A key of INVEST_BUDGETS. */
    budget: varchar('budget', { length: 16 }).notNull(),
    message: varchar('message', { length: 500 }).notNull().default(''),
    /** The signed-in user who sent it, if any. */
    userId: integer('user_id').references(() => users.id),
    ip: varchar('ip', { length: 64 }),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
    handledBy: integer('handled_by').references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('investment_leads_queue_idx').on(t.handledAt, t.id.desc()),
    check('investment_leads_phone_check', sql`${t.phone} ~ '^1[3-9][0-9]{9}$'`),
    check('investment_leads_handled_check', sql`(${t.handledAt} is null) = (${t.handledBy} is null)`),
  ],
);

export type InvestmentLeadRow = typeof investmentLeads.$inferSelect;

// ---------------------------------------------------------------------------------------------
// invitations and activities (推广 account_extension, /activity/newuser_ranking, the lottery)

export const INVITATION_STATUSES = ['pending', 'rewarded', 'refused'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * One registration with another user's invite code, with the facts the anti-abuse rule reads
 * (src/features/activities/rules/invitations.ts), kept as they were at registration: the phone as a SHA-256 (it
 * outlives an anonymised account), the device fingerprint and the address. Decided once, when the
 * invitee's first paid rental ends: 'rewarded' (the inviter got `reward_coins`, one gold-coin
 * ledger row with ref `invitee-<id>`) or 'refused' with the rule's reason.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeUserId: integer('invitee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneHash: varchar('phone_hash', { length: 64 }),
    fingerprint: varchar('fingerprint', { length: 128 }),
    registerIp: varchar('register_ip', { length: 64 }),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    refuseReason: varchar('refuse_reason', { length: 16 }),
    rewardCoins: integer('reward_coins').notNull().default(0),
    /** The invitee's rental whose end decided it. */
    orderNo: varchar('order_no', { length: 32 }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_invitee_key').on(t.inviteeUserId),
    index('invitations_inviter_idx').on(t.inviterUserId, t.id.desc()),
    index('invitations_pending_idx').on(t.inviteeUserId).where(sql`${t.status} = 'pending'`),
    index('invitations_rewarded_idx').on(t.decidedAt).where(sql`${t.status} = 'rewarded'`),
    index('invitations_phone_idx').on(t.phoneHash),
    check('invitations_status_check', sql`${t.status} in ('pending', 'rewarded', 'refused')`),
    check('invitations_self_check', sql`${t.inviterUserId} <> ${t.inviteeUserId}`),
    check('invitations_reward_check', sql`${t.rewardCoins} >= 0`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * A prize of an activity's lottery. `stock` null is unlimited (谢谢参与); otherwise it is what is
 * left, never below zero (the check is the last word under parallel draws). `weight` over the
 * weights of the prizes still in stock is the chance of drawing it.
 */
export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    id: serial('id').primaryKey(),
    activity: varchar('activity', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    /** Gold coins the prize pays; 0 for 谢谢参与. */
    coins: integer('coins').notNull().default(0),
    stock: integer('stock'),
    weight: integer('weight').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('lottery_prizes_activity_idx').on(t.activity, t.sortOrder),
    check('lottery_prizes_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('lottery_prizes_weight_check', sql`${t.weight} > 0`),
    check('lottery_prizes_coins_check', sql`${t.coins} >= 0`),
  ],
);

/** One draw chance, earned once per (user, source, ref); `used_at` set by the draw that spends it. */
export const lotteryChances = pgTable(
  'lottery_chances',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activity: varchar('activity', { length: 32 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    refNo: varchar('ref_no', { length: 40 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lottery_chances_ref_key').on(t.userId, t.activity, t.source, t.refNo),
    index('lottery_chances_unused_idx').on(t.userId, t.activity).where(sql`${t.usedAt} is null`),
  ],
);

/** A draw: the chance it spent (once: unique) and the prize it won. */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activity: varchar('activity', { length: 32 }).notNull(),
    chanceId: integer('chance_id')
      .notNull()
      .references(() => lotteryChances.id),
    prizeId: integer('prize_id')
      .notNull()
      .references(() => lotteryPrizes.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lottery_draws_chance_key').on(t.chanceId), index('lottery_draws_user_idx').on(t.userId, t.id.desc())],
);
