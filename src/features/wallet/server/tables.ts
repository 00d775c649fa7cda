/**
 * The wallet's tables: balances and their ledger, red envelopes, VIP plans, Alipay accounts and
 * withdrawals, and the gold-coin ledger. Money is integer fen; every balance change is one ledger
 * row written in the same transaction.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { LEDGER_KINDS, type LedgerKind } from '~/features/wallet/contract/money';
import { createdAt } from '~/platform/db/columns';
import { users, operators } from '~/platform/db/tables';
import { redPacketTemplates } from '~/features/campaigns/server/tables';

// ---------------------------------------------------------------------------------------------
// red envelopes (spec §3 couponsInfo; §4 "logging in also loads the available red envelopes")

/**
 * One red envelope (coupon) held by one user. Money is fen. status 1 = unused, 2 = used; an
 * unused envelope past expires_at reads as expired (3) without a write. A percentage envelope
 * has discount_percentage (share paid, 90 = 9折) and an optional cap; a fixed one an amount.
 */
export const redPackets = pgTable(
  'red_packets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    type: smallint('type').notNull(),
    minOrderAmountFen: integer('min_order_amount_fen').notNull().default(0),
    discountPercentage: smallint('discount_percentage'),
    maxDiscountAmountFen: integer('max_discount_amount_fen'),
    discountAmountFen: integer('discount_amount_fen'),
    /** Hours of free play a free-rental coupon (type 3) pays; null on envelopes. */
    freeHours: smallint('free_hours'),
    status: smallint('status').notNull().default(1),
    /** Why the user has it, e.g. new_user, demo. */
    source: varchar('source', { length: 32 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /** The operator's campaign template it was issued from, for its limits and usage. */
    templateId: integer('template_id').references(() => redPacketTemplates.id),
  },
  (t) => [
    index('red_packets_user_status_idx').on(t.userId, t.status, t.expiresAt),
    index('red_packets_template_user_idx').on(t.templateId, t.userId).where(sql`${t.templateId} is not null`),
    check('red_packets_type_check', sql`${t.type} in (1, 2, 3)`),
    check('red_packets_status_check', sql`${t.status} in (1, 2)`),
    check('red_packets_amounts_check', sql`${t.minOrderAmountFen} >= 0 and coalesce(${t.maxDiscountAmountFen}, 0) >= 0 and coalesce(${t.discountAmountFen}, 0) >= 0`),
    check(
      'red_packets_shape_check',
      sql`(${t.type} = 1 and ${t.discountPercentage} between 1 and 99 and ${t.freeHours} is null) or (${t.type} = 2 and ${t.discountAmountFen} > 0 and ${t.freeHours} is null) or (${t.type} = 3 and ${t.freeHours} is not null and ${t.freeHours} between 1 and 24)`,
    ),
  ],
);

export type RedPacketRow = typeof redPackets.$inferSelect;

/**
 * One wallet per user, created on first use. `balance_fen` is what can be spent and always equals
 * the sum of the user's ledger rows; `frozen_fen` is money on its way out (withdrawals in progress).
 * `vip_expires_at` in the future is spec walletsInfo.vip_status = 1.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
    frozenFen: bigint('frozen_fen', { mode: 'number' }).notNull().default(0),
    goldCoins: integer('gold_coins').notNull().default(0),
    vipExpiresAt: timestamp('vip_expires_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_balance_check', sql`${t.balanceFen} >= 0`),
    check('wallets_frozen_check', sql`${t.frozenFen} >= 0`),
    check('wallets_gold_coins_check', sql`${t.goldCoins} >= 0`),
  ],
);

// The ledger's kinds are the wire contract's (features/wallet/contract/money.ts); the column takes exactly those.
export { LEDGER_KINDS, type LedgerKind };

/**
 * Every change of a wallet balance, one row each. (kind, ref_no) is unique, so one order is paid,
 * refunded or credited at most once whatever retries or replays arrive.
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
    refNo: varchar('ref_no', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_ledger_kind_ref_key').on(t.kind, t.refNo),
    index('wallet_ledger_user_idx').on(t.userId, t.id.desc()),
    check('wallet_ledger_amount_check', sql`${t.amountFen} <> 0`),
    check('wallet_ledger_balance_check', sql`${t.balanceAfterFen} >= 0`),
  ],
);

export type WalletLedgerRow = typeof walletLedger.$inferSelect;

/** VIP plans on /VIPSubscribe. */
export const vipPlans = pgTable(
  'vip_plans',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    days: integer('days').notNull(),
    priceFen: integer('price_fen').notNull(),
    originalPriceFen: integer('original_price_fen').notNull(),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('vip_plans_days_check', sql`${t.days} > 0`),
    check('vip_plans_price_check', sql`${t.priceFen} > 0 and ${t.originalPriceFen} >= ${t.priceFen}`),
  ],
);

/** The Alipay account a user withdraws to (one per user). */
export const alipayAccounts = pgTable('alipay_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  account: varchar('account', { length: 64 }).notNull(),
  realName: varchar('real_name', { length: 32 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * pending: waiting for the payout; review: above the review threshold (setting withdrawal.review),
 * waiting for a finance operator, never paid by the sweep; refused: an operator refused it and its
 * amount went back to the balance; paying: claimed for payout, its transfer sent or about to be
 * (payout_attempts), no longer cancellable; failed: the provider refused the transfer and the
 * amount went back to the balance (refuse_reason says why).
 */
export const WITHDRAWAL_STATUSES = ['pending', 'done', 'cancelled', 'review', 'refused', 'paying', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A withdrawal to Alipay; its amount leaves the balance for frozen_fen until done or cancelled. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    withdrawNo: varchar('withdraw_no', { length: 32 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountFen: integer('amount_fen').notNull(),
    account: varchar('account', { length: 64 }).notNull(),
    realName: varchar('real_name', { length: 32 }).notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    // ---- withdrawal review
    /** The reason the user reads when an operator refused it, or the provider refused its payout (failed). */
    refuseReason: text('refuse_reason'),
    /** The operator who paid or refused it (null: the sandbox payout or the user's cancel). */
    reviewedBy: integer('reviewed_by').references(() => operators.id),
  },
  (t) => [
    uniqueIndex('withdrawals_withdraw_no_key').on(t.withdrawNo),
    index('withdrawals_review_idx').on(t.createdAt).where(sql`${t.status} = 'review'`),
    index('withdrawals_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('withdrawals_user_idx').on(t.userId, t.id.desc()),
    index('withdrawals_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('withdrawals_amount_check', sql`${t.amountFen} > 0`),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'done', 'cancelled', 'review', 'refused', 'paying', 'failed')`),
  ],
);

/**
 * sending: claimed and (about to be) sent, outcome not recorded yet; unknown: sent, the provider
 * did not say (timeout, system error, still processing), queried later; succeeded and failed are
 * final. A row moves only under a guard on its state, so an outcome is recorded once.
 */
export const PAYOUT_ATTEMPT_STATES = ['sending', 'unknown', 'succeeded', 'failed'] as const;
export type PayoutAttemptState = (typeof PAYOUT_ATTEMPT_STATES)[number];

/**
 * The payout of one withdrawal (docs/decisions.md "Payouts"): one row per withdrawal, written in the
 * transaction that claims it, before anything is sent. out_biz_no is the idempotent request id the
 * provider sees; a resend after a crash or a lost answer reuses it, so the provider pays it once.
 */
export const payoutAttempts = pgTable(
  'payout_attempts',
  {
    id: serial('id').primaryKey(),
    withdrawNo: varchar('withdraw_no', { length: 32 })
      .notNull()
      .references(() => withdrawals.withdrawNo, { onDelete: 'cascade' }),
    outBizNo: varchar('out_biz_no', { length: 64 }).notNull(),
    /** The adapter that sends it ('sandbox' | 'alipay'); a recovery goes to the same one. */
    provider: varchar('provider', { length: 16 }).notNull(),
    state: text('state', { enum: PAYOUT_ATTEMPT_STATES }).notNull().default('sending'),
    /** The provider's order id (Alipay order_id) once it succeeded. */
    providerOrderId: varchar('provider_order_id', { length: 64 }),
    /** What the user reads when it failed. */
    failReason: text('fail_reason'),
    /** The provider's own words for the last answer that was not a success (codes, sub_msg), for operators. */
    lastError: text('last_error'),
    /** Transfers sent with this out_biz_no (a resend after "not found" adds one). */
    attempts: integer('attempts').notNull().default(0),
    queries: integer('queries').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** When the sweep next looks at an open attempt (sending past its timeout, unknown with back-off). */
    nextQueryAt: timestamp('next_query_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('payout_attempts_withdraw_no_key').on(t.withdrawNo),
    uniqueIndex('payout_attempts_out_biz_no_key').on(t.outBizNo),
    index('payout_attempts_open_idx').on(t.nextQueryAt).where(sql`${t.state} in ('sending', 'unknown')`),
    check('payout_attempts_state_check', sql`${t.state} in ('sending', 'unknown', 'succeeded', 'failed')`),
  ],
);

/** Every change of a user's gold coins; (user, kind, ref) unique makes a daily sign-in or a task reward count once. */
export const goldCoinLedger = pgTable(
  'gold_coin_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    refNo: varchar('ref_no', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gold_coin_ledger_ref_key').on(t.userId, t.kind, t.refNo),
    index('gold_coin_ledger_user_idx').on(t.userId, t.id.desc()),
    check('gold_coin_ledger_amount_check', sql`${t.amount} <> 0 and ${t.balanceAfter} >= 0`),
  ],
);
