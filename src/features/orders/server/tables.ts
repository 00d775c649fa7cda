/**
 * The orders' tables: everything a user pays for (rentals, VIP plans, recharges) with renewals and
 * gateway payments, the sandbox gateway's own book, the listings' encrypted login details and every
 * reveal of them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { PAY_CHANNELS, type PayChannel } from '~/features/wallet/contract/money';
import { createdAt } from '~/platform/db/columns';
import { operators, users } from '~/platform/db/tables';
import { listings } from '~/features/catalog/server/tables';
import { freeOffers } from '~/features/free/server/tables';
import { shops } from '~/features/sellers/server/tables';
import { redPackets, vipPlans } from '~/features/wallet/server/tables';
import { HAFU_DECIDERS, HAFU_STAGES, type HafuDecider, type HafuStage } from '~/features/orders/rules/hafu-settlement';

export const ORDER_KINDS = ['rental', 'vip', 'recharge'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
// The pay channels are the wallet's wire contract (features/wallet/contract/money.ts); the columns take exactly those.
export { PAY_CHANNELS, type PayChannel };

/**
 * Everything a user pays for: a rental, a VIP plan or a recharge. `status` is spec order_status
 * (features/orders/rules/order-status.ts): 1 unpaid, 2 paying at a gateway, 3 paid (renting / active),
 * 4 finished, 5 cancelled. A rental holds its listing's window [starts_at, ends_at) while it is
 * 1, 2 or 3: the exclusion constraint `orders_no_double_booking` (migration 0011) refuses an
 * overlapping window with SQLSTATE 23P01, in PGlite and PostgreSQL alike.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    // rental
    listingId: integer('listing_id').references(() => listings.id),
    /**
     * The listing's shop, copied on insert by the trigger orders_set_shop_id (migration 0016, which
     * also adds the check orders_shop_check: set whenever listing_id is): the seller's order list
     * is then one index range however many listings the shop has.
     */
    shopId: integer('shop_id').references(() => shops.id),
    rentalId: smallint('rental_id'),
    rentalOption: varchar('rental_option', { length: 16 }),
    /** Hours paid for (renewals add theirs); bonus hours are extra. */
    hours: integer('hours'),
    bonusHours: integer('bonus_hours').notNull().default(0),
    reserved: boolean('reserved').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    // price (spec hire_original_prices, hire_vip_discount_prices, hire_real_pay_prices)
    originalFen: integer('original_fen').notNull(),
    activityDiscountFen: integer('activity_discount_fen').notNull().default(0),
    vipDiscountFen: integer('vip_discount_fen').notNull().default(0),
    redPacketId: integer('red_packet_id').references(() => redPackets.id),
    couponDiscountFen: integer('coupon_discount_fen').notNull().default(0),
    payFen: integer('pay_fen').notNull(),
    depositFen: integer('deposit_fen').notNull().default(0),
    /** pay_fen + deposit_fen: what the payment takes. */
    totalFen: integer('total_fen').notNull(),
    // vip
    vipPlanId: integer('vip_plan_id').references(() => vipPlans.id),
    vipDays: integer('vip_days'),
    // payment and after
    payChannel: text('pay_channel', { enum: PAY_CHANNELS }),
    payDeadline: timestamp('pay_deadline', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Rental money given back on an early cancel (spec §4 refund table). */
    refundFen: integer('refund_fen').notNull().default(0),
    depositReturnedFen: integer('deposit_returned_fen').notNull().default(0),
    /** spec hire_game_money_prices: the hafu-coin prepay charged on this order. */
    gameMoneyFen: integer('game_money_fen').notNull().default(0),
    /** spec hire_refund_game_money_prices: prepay given back for unused coin. */
    refundGameMoneyFen: integer('refund_game_money_fen').notNull().default(0),
    // free rental (spec §7 free "create order"): created already paid, nothing to pay, no deposit
    /** A free rental: counts toward the renter's daily allowance for good, even if the offer is deleted later. */
    isFree: boolean('is_free').notNull().default(false),
    /** The offer it was taken on; null for paid rentals and once ops delete the offer. */
    freeOfferId: integer('free_offer_id').references(() => freeOffers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    index('orders_user_kind_idx').on(t.userId, t.kind, t.id.desc()),
    index('orders_listing_idx').on(t.listingId, t.status),
    index('orders_unpaid_idx').on(t.payDeadline).where(sql`${t.status} in (1, 2)`),
    index('orders_running_idx').on(t.endsAt).where(sql`${t.status} = 3 and ${t.kind} = 'rental'`),
    // The seller's order list (services/seller-orders.ts), newest first.
    index('orders_shop_idx').on(t.shopId, t.id.desc().nullsFirst()).where(sql`${t.kind} = 'rental'`),
    check('orders_status_check', sql`${t.status} between 1 and 5`),
    check('orders_kind_check', sql`${t.kind} in ('rental', 'vip', 'recharge')`),
    check(
      'orders_money_check',
      sql`${t.originalFen} >= 0 and ${t.activityDiscountFen} >= 0 and ${t.vipDiscountFen} >= 0 and ${t.couponDiscountFen} >= 0 and ${t.payFen} >= 0 and ${t.depositFen} >= 0 and ${t.totalFen} = ${t.payFen} + ${t.depositFen} and ${t.refundFen} between 0 and ${t.payFen} and ${t.depositReturnedFen} between 0 and ${t.depositFen} and ${t.gameMoneyFen} >= 0 and ${t.refundGameMoneyFen} between 0 and ${t.gameMoneyFen}`,
    ),
    check(
      'orders_rental_shape_check',
      sql`${t.kind} <> 'rental' or (${t.listingId} is not null and ${t.rentalId} in (1, 2, 3, 6, 7) and ${t.hours} >= 1 and ${t.startsAt} is not null and ${t.endsAt} > ${t.startsAt})`,
    ),
    check('orders_vip_shape_check', sql`${t.kind} <> 'vip' or (${t.vipPlanId} is not null and ${t.vipDays} > 0)`),
    check('orders_recharge_shape_check', sql`${t.kind} <> 'recharge' or (${t.payFen} > 0 and ${t.depositFen} = 0)`),
    // A free rental asks no deposit; renewing it later is paid, so pay_fen is not pinned to 0.
    check('orders_free_shape_check', sql`not ${t.isFree} or (${t.kind} = 'rental' and ${t.depositFen} = 0)`),
    check('orders_free_offer_check', sql`${t.freeOfferId} is null or ${t.isFree}`),
    // The daily free count: a user's free orders since Shanghai midnight.
    index('orders_free_user_idx').on(t.userId, t.createdAt).where(sql`${t.isFree}`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** A renewal of a running rental (spec §7 order "renew and renew check"), paid from the wallet. */
export const orderRenewals = pgTable(
  'order_renewals',
  {
    id: serial('id').primaryKey(),
    renewNo: varchar('renew_no', { length: 32 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    hours: integer('hours').notNull(),
    payFen: integer('pay_fen').notNull(),
    vipDiscountFen: integer('vip_discount_fen').notNull().default(0),
    oldEndsAt: timestamp('old_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    newEndsAt: timestamp('new_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_renewals_renew_no_key').on(t.renewNo),
    index('order_renewals_order_idx').on(t.orderId),
    check('order_renewals_check', sql`${t.hours} >= 1 and ${t.payFen} >= 0 and ${t.newEndsAt} > ${t.oldEndsAt}`),
  ],
);

export const PAYMENT_STATUSES = ['pending', 'paid', 'closed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One attempt to pay an order at an outside gateway; `pay_no` is the gateway's out_trade_no. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    payNo: varchar('pay_no', { length: 40 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: PAY_CHANNELS }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    gatewayTradeNo: varchar('gateway_trade_no', { length: 64 }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    notifyCount: integer('notify_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_pay_no_key').on(t.payNo),
    uniqueIndex('payments_gateway_trade_no_key').on(t.channel, t.gatewayTradeNo),
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_check', sql`${t.amountFen} > 0`),
    check('payments_channel_check', sql`${t.channel} in ('alipay', 'wechat')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'closed')`),
  ],
);

export const SANDBOX_TRADE_STATUSES = ['waiting', 'paid', 'cancelled'] as const;

/**
 * The sandbox gateway's own book (providers/payment-sandbox.ts): what a real Alipay or WeChat Pay
 * keeps on its side. After the payer confirms, the notify is posted to `notify_url` and retried
 * with back-off until the merchant answers `success`.
 */
export const sandboxGatewayTrades = pgTable(
  'sandbox_gateway_trades',
  {
    payNo: varchar('pay_no', { length: 40 }).primaryKey(),
    channel: text('channel', { enum: PAY_CHANNELS }).notNull(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    subject: varchar('subject', { length: 128 }).notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    status: text('status', { enum: SANDBOX_TRADE_STATUSES }).notNull().default('waiting'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    nextNotifyAt: timestamp('next_notify_at', { withTimezone: true, mode: 'date' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_gateway_trades_due_idx').on(t.nextNotifyAt).where(sql`${t.notifiedAt} is null and ${t.status} = 'paid'`)],
);

/** The login details of a listed account, the password encrypted (AES-256-GCM, services/credentials.ts). */
export const listingCredentials = pgTable('listing_credentials', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  loginAccount: varchar('login_account', { length: 64 }).notNull(),
  passwordCipher: text('password_cipher').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const CREDENTIAL_VIEWERS = ['renter', 'owner'] as const;
export type CredentialViewer = (typeof CREDENTIAL_VIEWERS)[number];

/**
 * Every time a listing's login details were revealed ("login details access log"): to the
 * renter during a rental, or to the owner by their explicit call. Evidence in arbitration ("did the
 * renter ever open them?", "did the owner look during the rental?"). Append-only.
 */
export const credentialReveals = pgTable(
  'credential_reveals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id),
    /** The rental it was revealed for (the renter's reveals); null for the owner's own look. */
    orderId: integer('order_id').references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    viewer: varchar('viewer', { length: 8 }).$type<CredentialViewer>().notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credential_reveals_order_idx').on(t.orderId, t.id),
    index('credential_reveals_listing_idx').on(t.listingId, t.createdAt),
    check('credential_reveals_viewer_check', sql`${t.viewer} in ('renter', 'owner')`),
    check('credential_reveals_order_check', sql`(${t.viewer} = 'renter') = (${t.orderId} is not null)`),
  ],
);

/**
 * The hafu-coin settlement of a rental whose prepay was charged (docs/decisions.md "Hafu-coin
 * settlement"; rule orders/rules/hafu-settlement.ts): the coins and rate when the prepay was
 * charged, the renter's count of coins left, the owner's answer, an operator's count on a dispute,
 * and the split once settled. One row per order (the primary key); `stage` moves forward only,
 * by guarded updates, and reaches 'settled' exactly once: the money moves in that same
 * transaction (ledger hafu_settle to the owner, hafu_refund to the renter, ref = the order number).
 */
export const hafuSettlements = pgTable(
  'hafu_settlements',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The listing's owner when the prepay was charged: the one paid for used coins. */
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startCoins: bigint('start_coins', { mode: 'number' }).notNull(),
    /** Coins per yuan at the start. */
    rate: integer('rate').notNull(),
    prepayFen: integer('prepay_fen').notNull(),
    stage: varchar('stage', { length: 16 }).$type<HafuStage>().notNull().default('awaiting_report'),
    renterCoins: bigint('renter_coins', { mode: 'number' }),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }),
    ownerCoins: bigint('owner_coins', { mode: 'number' }),
    ownerEvidence: text('owner_evidence'),
    ownerImages: jsonb('owner_images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    operatorId: integer('operator_id').references(() => operators.id),
    operatorText: text('operator_text'),
    finalCoins: bigint('final_coins', { mode: 'number' }),
    decidedBy: varchar('decided_by', { length: 16 }).$type<HafuDecider>(),
    ownerFen: integer('owner_fen').notNull().default(0),
    renterFen: integer('renter_fen').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('hafu_settlements_open_idx').on(t.stage).where(sql`${t.stage} <> 'settled'`),
    index('hafu_settlements_owner_idx').on(t.ownerUserId, t.orderId.desc()),
    check('hafu_settlements_stage_check', sql`${t.stage} in (${sql.raw(HAFU_STAGES.map((s) => `'${s}'`).join(', '))})`),
    check('hafu_settlements_decided_by_check', sql`${t.decidedBy} is null or ${t.decidedBy} in (${sql.raw(HAFU_DECIDERS.map((s) => `'${s}'`).join(', '))})`),
    check('hafu_settlements_coins_check', sql`${t.startCoins} >= 0 and ${t.rate} > 0 and ${t.prepayFen} >= 0 and coalesce(${t.renterCoins}, 0) >= 0 and coalesce(${t.ownerCoins}, 0) >= 0 and coalesce(${t.finalCoins}, 0) >= 0`),
    check('hafu_settlements_split_check', sql`${t.ownerFen} >= 0 and ${t.renterFen} >= 0 and ${t.ownerFen} + ${t.renterFen} <= ${t.prepayFen}`),
    check('hafu_settlements_settled_check', sql`(${t.stage} = 'settled') = (${t.settledAt} is not null and ${t.decidedBy} is not null)`),
  ],
);
export type HafuSettlementRow = typeof hafuSettlements.$inferSelect;
