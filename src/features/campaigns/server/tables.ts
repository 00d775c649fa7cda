/**
 * The campaigns' tables: popup ads, emergency notices, red-envelope templates and their grants,
 * exchange-code batches, codes and redemptions. The envelopes a campaign issues are rows of the
 * wallet's red_packets; broadcasts are the notifications'.
 */
import { sql } from 'drizzle-orm';
import {
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
import { createdAt } from '~/platform/db/columns';
import { users, operators } from '~/platform/db/tables';
import { redPackets } from '~/features/wallet/server/tables';

/** spec §3 Emergency notice: shown as a popup while its window covers now (spec §4 notice popups). */
export const emergencyNotices = pgTable(
  'emergency_notices',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 64 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('emergency_notices_window_idx').on(t.startsAt).where(sql`${t.isActive}`),
    check('emergency_notices_window_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** spec §3 Popup advertisement; the browser picks which one to show (features/campaigns/rules/ad-choice.ts). */
export const popupAds = pgTable(
  'popup_ads',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 64 }).notNull(),
    /** Public path of the image (an upload or a file under public/). */
    image: text('image').notNull(),
    /** Where a click goes: a site path or an absolute URL. */
    link: text('link'),
    /** spec §3: 1 to 3; the first pick takes the lowest number with candidates. */
    priority: smallint('priority').notNull().default(1),
    /** spec §4: 0 or 3 once, 1 twice, 2 once ever. */
    displayFrequency: smallint('display_frequency').notNull().default(0),
    /** spec §3: 0 everywhere, 1 only on the special-offer page. */
    position: smallint('position').notNull().default(0),
    /** spec §9 ad device code 1 (web). */
    device: smallint('device').notNull().default(1),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('popup_ads_device_idx').on(t.device, t.id).where(sql`${t.isActive}`),
    check('popup_ads_priority_check', sql`${t.priority} between 1 and 3`),
    check('popup_ads_frequency_check', sql`${t.displayFrequency} between 0 and 3`),
    check('popup_ads_position_check', sql`${t.position} in (0, 1)`),
    check('popup_ads_window_check', sql`${t.startDate} is null or ${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// red-envelope campaign templates and their grants, exchange-code batches, codes and
// redemptions (docs/decisions.md "Campaigns"). Popup ads and emergency notices are above;
// broadcasts are features/notifications'.

/**
 * An operator's red-envelope template: what envelope users get (spec §3 couponsInfo shape, in fen),
 * how long it stays usable, how many one user may hold and how many may be issued in all. Issued
 * envelopes are rows of red_packets with this template_id; issued_count ≤ total_limit is the
 * database's check, so no race can overspend a campaign.
 */
export const redPacketTemplates = pgTable(
  'red_packet_templates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    type: smallint('type').notNull(),
    minOrderAmountFen: integer('min_order_amount_fen').notNull().default(0),
    discountPercentage: smallint('discount_percentage'),
    maxDiscountAmountFen: integer('max_discount_amount_fen'),
    discountAmountFen: integer('discount_amount_fen'),
    /** Hours a free-rental coupon (type 3) pays; null for envelopes. */
    freeHours: smallint('free_hours'),
    validDays: smallint('valid_days').notNull(),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    /** null: no total limit. */
    totalLimit: integer('total_limit'),
    issuedCount: integer('issued_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('red_packet_templates_type_check', sql`${t.type} in (1, 2, 3)`),
    check(
      'red_packet_templates_shape_check',
      sql`(${t.type} = 1 and ${t.discountPercentage} between 1 and 99 and ${t.freeHours} is null) or (${t.type} = 2 and ${t.discountAmountFen} > 0 and ${t.freeHours} is null) or (${t.type} = 3 and ${t.freeHours} is not null and ${t.freeHours} between 1 and 24)`,
    ),
    check('red_packet_templates_amounts_check', sql`${t.minOrderAmountFen} >= 0 and coalesce(${t.maxDiscountAmountFen}, 1) > 0`),
    check('red_packet_templates_valid_days_check', sql`${t.validDays} between 1 and 365`),
    check('red_packet_templates_limits_check', sql`${t.perUserLimit} >= 1 and (${t.totalLimit} is null or ${t.totalLimit} >= 1)`),
    check('red_packet_templates_issued_check', sql`${t.issuedCount} >= 0 and (${t.totalLimit} is null or ${t.issuedCount} <= ${t.totalLimit})`),
  ],
);

/** One grant of a template to an audience (a segment or listed usernames); its envelopes are red_packets rows. */
export const redPacketGrants = pgTable(
  'red_packet_grants',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => redPacketTemplates.id),
    /** 'segment' or 'usernames'. */
    target: varchar('target', { length: 16 }).notNull(),
    segment: varchar('segment', { length: 16 }),
    /** The names listed (target 'usernames'), as given after dedupe. */
    usernames: jsonb('usernames').$type<string[]>(),
    recipients: integer('recipients').notNull().default(0),
    /** Users of the audience skipped because they already held the per-user limit. */
    skipped: integer('skipped').notNull().default(0),
    /** The console form's key: a double click grants once. */
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('red_packet_grants_request_key').on(t.requestKey),
    index('red_packet_grants_template_idx').on(t.templateId, t.id.desc()),
    check('red_packet_grants_target_check', sql`(${t.target} = 'segment' and ${t.segment} is not null) or (${t.target} = 'usernames' and ${t.usernames} is not null)`),
  ],
);

/**
 * A batch of exchange codes: what each redeems (a red-envelope template or N gold coins), how many
 * times each code may be redeemed, how many codes of the batch one user may redeem, and until when.
 */
export const exchangeCodeBatches = pgTable(
  'exchange_code_batches',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    /** 'red_packet' or 'gold'. */
    rewardKind: varchar('reward_kind', { length: 16 }).notNull(),
    templateId: integer('template_id').references(() => redPacketTemplates.id),
    goldCoins: integer('gold_coins'),
    codeCount: integer('code_count').notNull(),
    usesPerCode: integer('uses_per_code').notNull().default(1),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** The console form's key: a double click makes one batch. */
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exchange_code_batches_request_key').on(t.requestKey),
    check(
      'exchange_code_batches_reward_check',
      sql`(${t.rewardKind} = 'red_packet' and ${t.templateId} is not null and ${t.goldCoins} is null) or (${t.rewardKind} = 'gold' and ${t.goldCoins} > 0 and ${t.templateId} is null)`,
    ),
    check('exchange_code_batches_limits_check', sql`${t.codeCount} >= 1 and ${t.usesPerCode} >= 1 and ${t.perUserLimit} >= 1`),
  ],
);

/**
 * One exchange code. Only its SHA-256 is searchable (a redemption hashes what the user typed) and
 * the code itself is kept AES-256-GCM encrypted for the batch's CSV export, with the key of the
 * listings' login details: a copy of the database alone hands out no unredeemed code.
 * uses ≤ max_uses is the database's check, so two users racing for a one-use code cannot both win.
 */
export const exchangeCodes = pgTable(
  'exchange_codes',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => exchangeCodeBatches.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    codeCipher: text('code_cipher').notNull(),
    /** The code's last characters, for the console to name a code without showing it. */
    codeTail: varchar('code_tail', { length: 4 }).notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [
    uniqueIndex('exchange_codes_code_hash_key').on(t.codeHash),
    index('exchange_codes_batch_idx').on(t.batchId, t.id),
    check('exchange_codes_uses_check', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);

/** One redemption of one code by one user (at most once per code and user). */
export const exchangeCodeRedemptions = pgTable(
  'exchange_code_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => exchangeCodes.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => exchangeCodeBatches.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    redPacketId: integer('red_packet_id').references(() => redPackets.id),
    goldCoins: integer('gold_coins'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exchange_code_redemptions_code_user_key').on(t.codeId, t.userId),
    index('exchange_code_redemptions_batch_user_idx').on(t.batchId, t.userId),
    index('exchange_code_redemptions_batch_created_idx').on(t.batchId, t.id.desc()),
  ],
);
