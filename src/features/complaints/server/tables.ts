/**
 * The complaints' tables: a renter's complaint, the owner's answer, the platform's decision and
 * the money the owner owes because of it.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { COMPLAINT_OUTCOMES, type ComplaintOutcome } from '~/features/complaints/rules/complaint-decision';
import { LOGIN_FAILURE_STATUSES, type LoginFailureStatus } from '~/features/orders/rules/login-failure';
import { createdAt } from '~/platform/db/columns';
import { users, operators } from '~/platform/db/tables';
import { listings } from '~/features/catalog/server/tables';
import { orders } from '~/features/orders/server/tables';

/** A renter's complaint about an order (spec §7 order "complaint with list and types"). */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    /** The renter's evidence: detail URLs of their own 'complaint' uploads, at most 6. */
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** 1 处理中, 2 已处理. */
    status: smallint('status').notNull().default(1),
    reply: varchar('reply', { length: 500 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaints_user_idx').on(t.userId, t.id.desc()),
    index('complaints_order_idx').on(t.orderId),
    // The arbitration queue: open first, oldest first.
    index('complaints_queue_idx').on(t.status, t.id),
    check('complaints_status_check', sql`${t.status} in (1, 2)`),
  ],
);

/** A complaint's answer by the listing's owner: text and up to 6 uploaded images. */
export const complaintAnswers = pgTable(
  'complaint_answers',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    sellerUserId: integer('seller_user_id')
      .notNull()
      .references(() => users.id),
    content: varchar('content', { length: 500 }).notNull(),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_answers_complaint_idx').on(t.complaintId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// complaint arbitration: decisions, what owners owe, who saw the login details.
// docs/decisions.md "Complaint arbitration"; the money rule is features/complaints/rules/complaint-decision.ts.

/** The rule's outcomes (features/complaints/rules/complaint-decision.ts) are the column's allowed values. */
export const COMPLAINT_DECISION_OUTCOMES = COMPLAINT_OUTCOMES;

/**
 * The platform's decision on one complaint: at most one per complaint (the primary key), written in
 * the transaction that closes the complaint, never changed (append-only, migration
 * complaint_arbitration_custom). `post_release_*` are non-zero only when the order's earnings had
 * already been released: the earnings row is then left as released and these record how the refund
 * split between the owner (a clawback charge) and the platform's commission, so the ledger identity
 * still adds up (services/settlement.ts ledgerIdentity).
 */
export const complaintDecisions = pgTable(
  'complaint_decisions',
  {
    complaintId: integer('complaint_id')
      .primaryKey()
      .references(() => complaints.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** Null: decided by the platform's own rule at once (a one-click login-failure report, login_failure_cases). */
    operatorId: integer('operator_id').references(() => operators.id),
    outcome: varchar('outcome', { length: 16 }).$type<ComplaintOutcome>().notNull(),
    /** Rent given back to the renter by this decision. */
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    /** Of the refund: what came out of the owner's share of the order (the rest is the platform's commission). */
    ownerShareFen: bigint('owner_share_fen', { mode: 'number' }).notNull().default(0),
    /** The penalty charged to the listing's owner. */
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull().default(0),
    /** The decision ended a rental that had not ended (it gave back all the rent). */
    endedRental: boolean('ended_rental').notNull().default(false),
    /** What both sides read (also complaints.reply). */
    text: varchar('text', { length: 500 }).notNull(),
    /** 'none' | 'frozen' | 'released': where the order's earnings stood when it was decided. */
    earningsState: varchar('earnings_state', { length: 8 }).notNull(),
    postReleaseRefundFen: bigint('post_release_refund_fen', { mode: 'number' }).notNull().default(0),
    postReleaseSellerFen: bigint('post_release_seller_fen', { mode: 'number' }).notNull().default(0),
    postReleaseCommissionFen: bigint('post_release_commission_fen', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaint_decisions_order_idx').on(t.orderId),
    index('complaint_decisions_created_idx').on(t.createdAt.desc()),
    check('complaint_decisions_outcome_check', sql.raw(`outcome in (${COMPLAINT_DECISION_OUTCOMES.map((o) => `'${o}'`).join(', ')})`)),
    check('complaint_decisions_earnings_state_check', sql`${t.earningsState} in ('none', 'frozen', 'released')`),
    check('complaint_decisions_money_check', sql`${t.refundFen} >= 0 and ${t.ownerShareFen} between 0 and ${t.refundFen} and ${t.penaltyFen} >= 0 and (${t.outcome} = 'penalize' or ${t.penaltyFen} = 0) and (${t.outcome} <> 'reject' or ${t.refundFen} = 0)`),
    check(
      'complaint_decisions_post_release_check',
      sql`${t.postReleaseRefundFen} >= 0 and ${t.postReleaseSellerFen} <= 0 and ${t.postReleaseCommissionFen} <= 0 and ${t.postReleaseRefundFen} + ${t.postReleaseSellerFen} + ${t.postReleaseCommissionFen} = 0 and (${t.earningsState} = 'released' or ${t.postReleaseRefundFen} = 0)`,
    ),
  ],
);

export const OWNER_CHARGE_KINDS = ['clawback', 'penalty'] as const;
export type OwnerChargeKind = (typeof OWNER_CHARGE_KINDS)[number];

/**
 * Money a listing's owner owes the platform because of a decision: the owner's share of a refund
 * decided after their earnings were released (`clawback`), or a penalty. `collected_fen` grows as
 * the wallet pays it (one ledger row per collection: refund_clawback / complaint_penalty); what the
 * balance could not cover is collected from the owner's next earnings releases, oldest charge first.
 */
export const ownerCharges = pgTable(
  'owner_charges',
  {
    id: serial('id').primaryKey(),
    sellerUserId: integer('seller_user_id')
      .notNull()
      .references(() => users.id),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: varchar('kind', { length: 16 }).$type<OwnerChargeKind>().notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    collectedFen: bigint('collected_fen', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('owner_charges_complaint_kind_key').on(t.complaintId, t.kind),
    // The release sweep's look-up: an owner's charges not fully collected, oldest first.
    index('owner_charges_outstanding_idx').on(t.sellerUserId, t.id).where(sql`${t.collectedFen} < ${t.amountFen}`),
    check('owner_charges_kind_check', sql`${t.kind} in ('clawback', 'penalty')`),
    check('owner_charges_money_check', sql`${t.amountFen} > 0 and ${t.collectedFen} between 0 and ${t.amountFen}`),
    check('owner_charges_settled_check', sql`(${t.settledAt} is not null) = (${t.collectedFen} = ${t.amountFen})`),
  ],
);

// ---------------------------------------------------------------------------------------------
// "cannot log in" in one click (issue 26; the rule is features/orders/rules/login-failure.ts)

export { LOGIN_FAILURE_STATUSES, type LoginFailureStatus };

/**
 * One renter's "cannot log in" report of a running rental: at most one per order (the unique key
 * is the database's word that a report refunds once), decided at once by the rule, with its
 * complaint row (type 1 账号无法登录, handled) so operators see it in the complaints queue.
 */
export const loginFailureCases = pgTable(
  'login_failure_cases',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id),
    renterUserId: integer('renter_user_id')
      .notNull()
      .references(() => users.id),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id),
    sellerUserId: integer('seller_user_id')
      .notNull()
      .references(() => users.id),
    status: varchar('status', { length: 10 }).$type<LoginFailureStatus>().notNull().default('decided'),
    /** What went back to the renter: rent, deposit, hafu prepay. */
    rentRefundFen: integer('rent_refund_fen').notNull(),
    depositRefundFen: integer('deposit_refund_fen').notNull(),
    hafuRefundFen: integer('hafu_refund_fen').notNull(),
    /** The owner's compensation to the renter (the platform pays it at once, the owner's charge follows). */
    compensationFen: integer('compensation_fen').notNull(),
    /** The first time the renter saw the login details. */
    firstRevealAt: timestamp('first_reveal_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The report took the listing off the shelf for good (auto take-down). */
    tookDown: boolean('took_down').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    reversedBy: integer('reversed_by').references(() => operators.id),
    reverseReason: varchar('reverse_reason', { length: 500 }),
    /** On reversal: what came back from the renter's balance of the compensation, and what went back to the owner. */
    compensationBackFen: integer('compensation_back_fen').notNull().default(0),
    ownerReturnedFen: integer('owner_returned_fen').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('login_failure_cases_order_key').on(t.orderId),
    uniqueIndex('login_failure_cases_complaint_key').on(t.complaintId),
    // The abuse rule: a renter's reports of the last days.
    index('login_failure_cases_renter_idx').on(t.renterUserId, t.createdAt),
    // The take-down rule: a listing's reports of the last days.
    index('login_failure_cases_listing_idx').on(t.listingId, t.createdAt),
    check('login_failure_cases_status_check', sql`${t.status} in ('decided', 'fixed', 'disputed', 'upheld', 'reversed')`),
    check(
      'login_failure_cases_money_check',
      sql`${t.rentRefundFen} > 0 and ${t.depositRefundFen} >= 0 and ${t.hafuRefundFen} >= 0 and ${t.compensationFen} >= 0 and ${t.compensationBackFen} between 0 and ${t.compensationFen} and ${t.ownerReturnedFen} between 0 and ${t.compensationFen}`,
    ),
    check('login_failure_cases_reversed_check', sql`(${t.status} = 'reversed') = (${t.reversedAt} is not null)`),
  ],
);
