/**
 * The sellers' tables: shops (one per owner) with their relations to users and listings, seller
 * certifications, and what owners earn from each rental.
 */
import { relations, sql } from 'drizzle-orm';
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
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CERTIFICATION_STATES, type CertificationState } from '~/features/sellers/rules/seller-certification';
import { createdAt } from '~/platform/db/columns';
import { users } from '~/platform/db/tables';
import { listings } from '~/features/catalog/server/tables';
import { orders } from '~/features/orders/server/tables';

// ---------------------------------------------------------------------------------------------
// shops (one per owner). The console's sellers, listings and games screens have no table of their
// own: they add columns where the thing they describe lives (listings: review_from_rental_fen,
// held_at, hold_reason; shops: review_listings; games: maintenance_notice), and every decision is a
// row of ops_audit_log.

/** spec §3 merchantInfo.cert_type: 1 = store, 2 = merchant; 0 is our individual owner. */
export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 32 }).notNull(),
    certType: smallint('cert_type').notNull().default(0),
    logo: text('logo'),
    /**
     * An operator asked that this shop's new listings and big price changes wait for review even
     * while site-wide review is off.
     */
    reviewListings: boolean('review_listings').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('shops_owner_user_id_key').on(t.ownerUserId), check('shops_cert_type_check', sql`${t.certType} in (0, 1, 2)`)],
);

// ---------------------------------------------------------------------------------------------
// relations (for db.query.*.findMany({ with: ... })). A user's shop is declared here, not beside
// users: platform/db/tables.ts imports no feature.

export const usersRelations = relations(users, ({ one }) => ({
  shop: one(shops, { fields: [users.id], references: [shops.ownerUserId] }),
}));

export const shopsRelations = relations(shops, ({ one, many }) => ({
  owner: one(users, { fields: [shops.ownerUserId], references: [users.id] }),
  listings: many(listings),
}));

export type ShopRow = typeof shops.$inferSelect;
export type NewShopRow = typeof shops.$inferInsert;

/**
 * A user's application to sell (features/sellers/rules/seller-certification.ts is its state machine). One per
 * user: a rejected one is corrected and submitted again. `details` holds the business details of a
 * store or merchant (name, licence number, contact) as submitted.
 */
export const sellerCertifications = pgTable(
  'seller_certifications',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    certType: smallint('cert_type').notNull(),
    state: text('state', { enum: CERTIFICATION_STATES }).$type<CertificationState>().notNull().default('draft'),
    shopName: varchar('shop_name', { length: 32 }).notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    rejectReason: varchar('reject_reason', { length: 200 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('seller_certifications_review_idx').on(t.submittedAt).where(sql`${t.state} = 'submitted'`),
    check('seller_certifications_cert_type_check', sql`${t.certType} in (0, 1, 2)`),
    check('seller_certifications_state_check', sql.raw(`state in (${CERTIFICATION_STATES.map((s) => `'${s}'`).join(', ')})`)),
    check('seller_certifications_reason_check', sql`(${t.state} = 'rejected') = (${t.rejectReason} is not null)`),
  ],
);

export const EARNING_STATUSES = ['frozen', 'released'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

/**
 * What the owner earns from one rental order (features/sellers/rules/settlement.ts), kept in step with the
 * order by services/settlement.ts from payment to release: rent = seller + commission + refunded,
 * to the fen, by the check below. `release_at` is set once the rental ends (plus the hold);
 * `released` means the seller's share reached the wallet as one ledger row (earning_release).
 * The cert_type and rate are the shop's at payment, so a later change does not reprice it.
 */
export const sellerEarnings = pgTable(
  'seller_earnings',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    sellerUserId: integer('seller_user_id')
      .notNull()
      .references(() => users.id),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id),
    certType: smallint('cert_type').notNull(),
    commissionBps: integer('commission_bps').notNull(),
    rentFen: bigint('rent_fen', { mode: 'number' }).notNull(),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    commissionFen: bigint('commission_fen', { mode: 'number' }).notNull(),
    sellerFen: bigint('seller_fen', { mode: 'number' }).notNull(),
    /** How long the renter held the account: the window, up to the cancel when cancelled (listing statistics). */
    heldSeconds: integer('held_seconds').notNull().default(0),
    status: text('status', { enum: EARNING_STATUSES }).$type<EarningStatus>().notNull().default('frozen'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    releaseAt: timestamp('release_at', { withTimezone: true, mode: 'date' }),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('seller_earnings_seller_paid_idx').on(t.sellerUserId, t.paidAt.desc()),
    index('seller_earnings_listing_idx').on(t.listingId),
    index('seller_earnings_due_idx').on(t.releaseAt).where(sql`${t.status} = 'frozen' and ${t.releaseAt} is not null`),
    check('seller_earnings_sum_check', sql`${t.rentFen} = ${t.sellerFen} + ${t.commissionFen} + ${t.refundedFen}`),
    check('seller_earnings_money_check', sql`${t.rentFen} >= 0 and ${t.refundedFen} >= 0 and ${t.commissionFen} >= 0 and ${t.sellerFen} >= 0`),
    check('seller_earnings_cert_type_check', sql`${t.certType} in (0, 1, 2)`),
    check('seller_earnings_status_check', sql`${t.status} in ('frozen', 'released')`),
    check('seller_earnings_release_check', sql`${t.status} = 'frozen' or (${t.releaseAt} is not null and ${t.releasedAt} is not null)`),
  ],
);
