/**
 * The one Drizzle schema (pg-core) shared by PGlite and PostgreSQL (ARCHITECTURE "same SQL dialect
 * everywhere"). Columns are snake_case and say their unit: money is integer fen (`*_fen`), durations
 * are hours (`*_hours`), timestamps are `timestamptz`. Database checks guard the invariants.
 *
 * Derived listing fields of spec §3 are NOT columns: hafuCoinPrepay (game_money / money_exchange_rate),
 * is_merchant / is_store (the shop's cert_type), is_collection (per viewer), game_name / game_path
 * (the game row).
 *
 * Imports are relative (no `~` alias) so drizzle-kit can load this file on its own.
 */
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  LISTING_REVIEW_STATUSES,
  LISTING_SELLER_STATES,
  OPS_UPLOAD_PURPOSES,
  RENTAL_TIME_ALL_DAY,
  UPLOAD_PURPOSES,
  type ListingReviewStatus,
  type ListingSellerState,
  type UploadPurpose,
} from '~/platform/config/constants';
type OpsUploadPurpose = (typeof OPS_UPLOAD_PURPOSES)[number];
import { CAPTCHA_ACTIONS, CODE_ACTIONS, THIRD_PARTY_PROVIDERS, type CaptchaAction, type CodeAction, type ThirdPartyProvider } from '~/features/sign-in/contract';
import { CHAT_CONVERSATION_STATUSES, CHAT_MESSAGE_TYPES, CHAT_SENDERS, type ChatConversationStatus, type ChatMessageType, type ChatSender } from '~/features/chat/contract/chat';
import { LEDGER_KINDS, PAY_CHANNELS, type LedgerKind, type PayChannel } from '~/features/wallet/contract/money';
import { NOTIFICATION_KINDS, type NotificationKind } from '~/features/notifications/contract';
import { QR_PLATFORMS, QR_STATES, type QrPlatform, type QrState } from '~/features/sign-in/rules/qr-login';
import { CERTIFICATION_STATES, type CertificationState } from '~/features/sellers/rules/seller-certification';
import { COMPLAINT_OUTCOMES, type ComplaintOutcome } from '~/features/complaints/rules/complaint-decision';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// users

export const USER_STATUSES = ['active', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    /** scrypt string from services/password.ts; null for accounts created by SMS or third-party login. */
    passwordHash: text('password_hash'),
    mobile: varchar('mobile', { length: 11 }),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    avatar: text('avatar'),
    isRealName: boolean('is_real_name').notNull().default(false),
    /** Lowercased; lets a user reset the password by email code (/rstpwd). */
    email: varchar('email', { length: 254 }),
    /** The verified real name (spec §6 real-name verification). */
    realName: varchar('real_name', { length: 32 }),
    /** Only the first 3 and last 4 characters of the ID number are kept, e.g. 110***********0011. */
    idNumberMasked: varchar('id_number_masked', { length: 18 }),
    /** SHA-256 of the upper-cased ID number, so one identity verifies one account. */
    idNumberHash: varchar('id_number_hash', { length: 64 }),
    /** This user's own invite code (register: optional invite code). */
    inviteCode: varchar('invite_code', { length: 16 }),
    invitedByUserId: integer('invited_by_user_id'),
    /**
     * scrypt string of the 6-digit pay password (账号设置); null until the user sets one,
     * and withdrawals ask for it only once it is set (docs/decisions.md "Account settings").
     */
    payPasswordHash: text('pay_password_hash'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /**
     * Banned by an operator: when, and the reason the user reads at sign-in. While set no
     * sign-in path issues a token and existing tokens resolve to no one; the history of bans is the
     * audit log (user.ban / user.unban / user.ban_expire).
     */
    bannedAt: timestamp('banned_at', { withTimezone: true, mode: 'date' }),
    banReason: varchar('ban_reason', { length: 200 }),
    /** When a timed ban ends (the money sweep lifts it); null while banned: until an operator lifts it. */
    bannedUntil: timestamp('banned_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    check('users_ban_check', sql`(${t.bannedAt} is null) = (${t.banReason} is null)`),
    check('users_banned_until_check', sql`${t.bannedUntil} is null or ${t.bannedUntil} > ${t.bannedAt}`),
    // The sweep's lookup of timed bans that have ended.
    index('users_banned_until_idx').on(t.bannedUntil).where(sql`${t.bannedUntil} is not null`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    uniqueIndex('users_id_number_hash_key').on(t.idNumberHash),
    check('users_status_check', sql`${t.status} in ('active', 'deleted')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// games, platforms, zones

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    slug: varchar('slug', { length: 32 }).notNull(),
    /** Public path of the icon, e.g. /covers/sjz-icon.svg. */
    icon: text('icon').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** spec §4: maintenance = maintenance_status 1 and is_suspended 1 (0/1 flags as the API sends them). */
    maintenanceStatus: smallint('maintenance_status').notNull().default(0),
    isSuspended: smallint('is_suspended').notNull().default(0),
    /** What renters are told while the game is in maintenance, e.g. 预计18:00恢复. */
    maintenanceNotice: varchar('maintenance_notice', { length: 200 }),
    /** The shooter whose in-game currency (hafu coin) is prepaid with the rental (spec §1). */
    hasHafuCoin: boolean('has_hafu_coin').notNull().default(false),
  },
  (t) => [
    uniqueIndex('games_slug_key').on(t.slug),
    index('games_sort_idx').on(t.sort),
    check('games_maintenance_status_check', sql`${t.maintenanceStatus} in (0, 1)`),
    check('games_is_suspended_check', sql`${t.isSuspended} in (0, 1)`),
  ],
);

export const platforms = pgTable(
  'platforms',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
  },
  (t) => [uniqueIndex('platforms_game_name_key').on(t.gameId, t.name)],
);

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** Null when the zone is shared by every platform of the game. */
    platformId: integer('platform_id').references(() => platforms.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
  },
  (t) => [index('zones_game_idx').on(t.gameId), index('zones_platform_idx').on(t.platformId)],
);

// ---------------------------------------------------------------------------------------------
// shops (one per owner)

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
// listings (spec §3 "Account listing")

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    platformId: integer('platform_id').references(() => platforms.id),
    zoneId: integer('zone_id').references(() => zones.id),
    title: varchar('title', { length: 120 }).notNull(),
    roleName: varchar('role_name', { length: 32 }).notNull(),
    /** Public image paths, first one is the cover. */
    imgs: jsonb('imgs').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** spec "rental": price of one hour, in fen. */
    rentalFen: integer('rental_fen').notNull(),
    /** spec "min_rental_period", in hours. */
    minRentalHours: integer('min_rental_hours').notNull().default(1),
    depositFen: integer('deposit_fen').notNull().default(0),
    isRented: boolean('is_rented').notNull().default(false),
    isReservation: boolean('is_reservation').notNull().default(false),
    /**
     * Shown to renters (hall, detail, shop page): on the shelf and past review, nothing else. Kept
     * by services/seller-listings.ts; the check `listings_is_listed_check` holds it to that.
     */
    isListed: boolean('is_listed').notNull().default(true),
    /** What the seller chose: on the shelf, off it, in maintenance, or deleted (kept for order history). */
    sellerState: text('seller_state', { enum: LISTING_SELLER_STATES }).$type<ListingSellerState>().notNull().default('on_shelf'),
    /** Review of a new listing or a big price change, with the reason the seller sees when rejected. */
    reviewStatus: text('review_status', { enum: LISTING_REVIEW_STATUSES }).$type<ListingReviewStatus>().notNull().default('approved'),
    reviewReason: varchar('review_reason', { length: 200 }),
    /**
     * The approved hourly price a pending price change would replace, so the review queue shows
     * old → new; null for a listing never approved. Kept by services/seller-listings.ts.
     */
    reviewFromRentalFen: integer('review_from_rental_fen'),
    /**
     * Taken down by the platform: when, and the reason the seller sees. Not listed while
     * set, whatever the seller does; only an operator's restore clears it.
     */
    heldAt: timestamp('held_at', { withTimezone: true, mode: 'date' }),
    holdReason: varchar('hold_reason', { length: 200 }),
    /**
     * The hold above was put by banning the shop's owner, not by a take-down: unbanning
     * lifts exactly these holds, and a listing taken down before the ban stays down.
     */
    heldForBan: boolean('held_for_ban').notNull().default(false),
    isUseBargain: boolean('is_use_bargain').notNull().default(false),
    isUseVipDiscount: boolean('is_use_vip_discount').notNull().default(false),
    topShelf: boolean('top_shelf').notNull().default(false),
    isInsurance: boolean('is_insurance').notNull().default(false),
    /** Listing mirrored from a partner platform, e.g. 'uhaozu' (always bookable, spec §4). */
    thirdType: text('third_type'),
    /** Daily window in which the account may be used, 'HH:mm-HH:mm' (may cross midnight). */
    rentalTime: varchar('rental_time', { length: 11 }).notNull().default(RENTAL_TIME_ALL_DAY),
    /** Hafu coins on the account (spec §9); 0 for games without them. */
    gameMoney: bigint('game_money', { mode: 'number' }).notNull().default(0),
    /** Coins per yuan; prepay yuan = game_money / money_exchange_rate. */
    moneyExchangeRate: integer('money_exchange_rate'),
    /** spec activity.discount: price factor, e.g. 0.9. */
    activityDiscount: numeric('activity_discount', { precision: 3, scale: 2, mode: 'number' }),
    /** spec activity.rental_promotion: rent `rental_hour` hours, get `bonus_hour` free (租5送1). */
    promoRentalHours: integer('promo_rental_hours'),
    promoBonusHours: integer('promo_bonus_hours'),
    // spec rental_period: which rental kinds the owner offers
    dailyRental: boolean('daily_rental').notNull().default(true),
    tenHourRental: boolean('ten_hour_rental').notNull().default(false),
    weeklyRental: boolean('weekly_rental').notNull().default(false),
    morningRental: boolean('morning_rental').notNull().default(false),
    afternoonRental: boolean('afternoon_rental').notNull().default(false),
    nightRental: boolean('night_rental').notNull().default(false),
    popularity: integer('popularity').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_game_listed_idx').on(t.gameId, t.isListed),
    index('listings_listed_idx').on(t.isListed),
    index('listings_rental_fen_idx').on(t.rentalFen),
    index('listings_popularity_idx').on(t.popularity),
    index('listings_created_at_idx').on(t.createdAt),
    index('listings_shop_idx').on(t.shopId),
    // Rental hall (services/catalog.ts searchListings): every hall query reads listed rows only and
    // orders by one of three keys with id as the tiebreaker, so each sort has a partial composite
    // index WHERE is_listed, with and without the game in front. A page is then the first N
    // entries of one index range (no sort node), and the count an index-only scan of that range.
    index('listings_hall_game_popular_idx')
      .on(t.gameId, t.topShelf.desc().nullsFirst(), t.popularity.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isListed}`),
    index('listings_hall_game_price_idx').on(t.gameId, t.rentalFen, t.id).where(sql`${t.isListed}`),
    index('listings_hall_game_newest_idx').on(t.gameId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isListed}`),
    index('listings_hall_popularity_idx').on(t.popularity.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isListed}`),
    index('listings_hall_game_popularity_idx')
      .on(t.gameId, t.popularity.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isListed}`),
    index('listings_hall_popular_idx').on(t.topShelf.desc().nullsFirst(), t.popularity.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isListed}`),
    index('listings_hall_price_idx').on(t.rentalFen, t.id).where(sql`${t.isListed}`),
    index('listings_hall_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isListed}`),
    // Filters that decide the count of a big result: the hafu-coin tier within a game (a range
    // of game_money), and no deposit with VIP discount across all games.
    index('listings_hall_game_money_idx').on(t.gameId, t.gameMoney).where(sql`${t.isListed}`),
    index('listings_hall_deposit_vip_idx').on(t.depositFen, t.isUseVipDiscount).where(sql`${t.isListed}`),
    // Keyword search without pg_trgm (not in PGlite): a GIN index over the character bigrams of
    // title and role name (hall_bigrams(), created in drizzle/0001_catalog_home.sql) finds the
    // candidates of a keyword of two or more characters; ILIKE then checks them. The expression
    // must stay the one catalog.ts searches with (searchText).
    index('listings_search_bigrams_idx').using('gin', sql`hall_bigrams(${t.title} || ' ' || ${t.roleName})`),
    // Special offers (tejia): a discount or bargaining, cheapest price after the discount first.
    // The expression must stay the one catalog.ts orders by (effectiveRentalFen).
    index('listings_tejia_game_idx')
      .on(t.gameId, sql`round(${t.rentalFen} * coalesce(${t.activityDiscount}, 1))`, t.id)
      .where(sql`${t.isListed} and (${t.activityDiscount} is not null or ${t.isUseBargain})`),
    index('listings_tejia_idx')
      .on(sql`round(${t.rentalFen} * coalesce(${t.activityDiscount}, 1))`, t.id)
      .where(sql`${t.isListed} and (${t.activityDiscount} is not null or ${t.isUseBargain})`),
    // A shop's page lists its listed accounts in hall order.
    index('listings_shop_popular_idx').on(t.shopId, t.topShelf.desc().nullsFirst(), t.popularity.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isListed}`),
    // The seller's listings page, newest first, deleted ones left out.
    index('listings_shop_seller_idx').on(t.shopId, t.id.desc()).where(sql`${t.sellerState} <> 'deleted'`),
    check('listings_seller_state_check', sql.raw(`seller_state in (${LISTING_SELLER_STATES.map((s) => `'${s}'`).join(', ')})`)),
    check('listings_review_status_check', sql.raw(`review_status in (${LISTING_REVIEW_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('listings_is_listed_check', sql`${t.isListed} = (${t.sellerState} = 'on_shelf' and ${t.reviewStatus} = 'approved' and ${t.heldAt} is null)`),
    check('listings_hold_check', sql`(${t.heldAt} is null) = (${t.holdReason} is null)`),
    check('listings_held_for_ban_check', sql`not ${t.heldForBan} or ${t.heldAt} is not null`),
    // The console's review queue: pending listings, oldest change first.
    index('listings_review_queue_idx').on(t.updatedAt, t.id).where(sql`${t.reviewStatus} = 'pending'`),
    check('listings_rental_fen_check', sql`${t.rentalFen} >= 0`),
    check('listings_deposit_fen_check', sql`${t.depositFen} >= 0`),
    check('listings_min_rental_hours_check', sql`${t.minRentalHours} >= 1`),
    check('listings_game_money_check', sql`${t.gameMoney} >= 0`),
    check('listings_money_exchange_rate_check', sql`${t.moneyExchangeRate} is null or ${t.moneyExchangeRate} > 0`),
    check('listings_activity_discount_check', sql`${t.activityDiscount} is null or (${t.activityDiscount} > 0 and ${t.activityDiscount} <= 1)`),
    check(
      'listings_promo_check',
      // Both or neither; `is not null` spelled out because a NULL check result counts as passing.
      sql`(${t.promoRentalHours} is null and ${t.promoBonusHours} is null) or (${t.promoRentalHours} is not null and ${t.promoBonusHours} is not null and ${t.promoRentalHours} >= 1 and ${t.promoBonusHours} >= 1)`,
    ),
    check('listings_rental_time_check', sql`${t.rentalTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** spec §3 attrs. The attribute 账号类型 holds 哈夫币号 (hafu coin account) or 皮肤号 (skin account). */
export const listingAttrs = pgTable(
  'listing_attrs',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    attrName: varchar('attr_name', { length: 32 }).notNull(),
    value: varchar('value', { length: 64 }).notNull(),
  },
  (t) => [
    uniqueIndex('listing_attrs_listing_name_key').on(t.listingId, t.attrName),
    index('listing_attrs_name_value_idx').on(t.attrName, t.value),
    // The hall's account-type filter: the listing ids of one attribute value from the index alone.
    index('listing_attrs_name_value_listing_idx').on(t.attrName, t.value, t.listingId),
  ],
);

// ---------------------------------------------------------------------------------------------
// home page content (banner ads, announcements, hot tags; spec §7 call group "home")

/** A banner ad of the home carousel. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 64 }).notNull(),
    /** Public path or absolute URL of the image. */
    image: text('image').notNull(),
    /** Where a click goes: a site path (/zuhao/1.html) or an absolute URL. */
    href: text('href').notNull(),
    /** Ascending: 10 shows before 20. */
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('banners_active_sort_idx').on(t.sort, t.id).where(sql`${t.isActive}`)],
);

/** Platform announcements (公告): the home list shows the latest, each has a detail page. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 120 }).notNull(),
    content: text('content').notNull(),
    /** Pinned announcements come first. */
    isPinned: boolean('is_pinned').notNull().default(false),
    /** Shown from this time on; a future time schedules it. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // ---- Markdown content: `content` is Markdown; an operator can withdraw an announcement.
    /** False: withdrawn (or a draft), shown nowhere whatever published_at says. */
    isPublished: boolean('is_published').notNull().default(true),
    /** Raised by every edit; an edit made from an older revision is refused (two operators, one form). */
    revision: integer('revision').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The operator of the last change; null for the seeded ones. */
    updatedBy: integer('updated_by').references(() => operators.id),
  },
  (t) => [index('announcements_list_idx').on(t.isPinned.desc().nullsFirst(), t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** Hot search tags under the home search box: a label and the keyword it searches. */
export const hotTags = pgTable(
  'hot_tags',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    /** What the hall searches when the tag is clicked (keyword=...). */
    keyword: varchar('keyword', { length: 64 }).notNull(),
    /** Where a click goes instead, when a filter or a game hall fits better than a keyword (无押金). */
    href: text('href'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('hot_tags_sort_idx').on(t.sort, t.id)],
);

// ---------------------------------------------------------------------------------------------
// page_views (spec §3 "Report record", the analytics collector)

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What was reported: a page view, a tracked click (spec §3 click record) or an activity ping. */
    kind: varchar('kind', { length: 16 }).notNull().default('pageview'),
    /** Route name, e.g. zuhao or account_goldCoin. */
    name: varchar('name', { length: 64 }),
    title: varchar('title', { length: 128 }),
    path: text('path').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** spec §3 session key onlyuser: a random 32-character id; null when the browser keeps no storage. */
    sessionId: varchar('session_id', { length: 32 }),
    prevPage: text('prev_page'),
    agent: text('agent'),
    /** Channel (spec §1 visitor tracking). */
    sem: text('sem'),
    /** pageTools.action / pageTools.value. */
    action: varchar('action', { length: 64 }),
    value: jsonb('value').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('page_views_created_at_idx').on(t.createdAt),
    index('page_views_session_idx').on(t.sessionId),
    // The detail page's look counter reads one path's views by time (services/looking.ts).
    index('page_views_path_created_at_idx').on(t.path, t.createdAt),
    // Operator reports: visits per route per day (the funnel detail → checkout) and per channel.
    index('page_views_name_created_at_idx').on(t.name, t.createdAt),
    index('page_views_sem_created_at_idx').on(t.sem, t.createdAt).where(sql`${t.sem} is not null`),
    check('page_views_session_id_check', sql`${t.sessionId} is null or char_length(${t.sessionId}) = 32`),
    check('page_views_kind_check', sql`${t.kind} in ('pageview', 'click', 'activity')`),
  ],
);

/**
 * The collector's events rolled up per Shanghai day ("The numbers"), so the console
 * overview reads one row a day instead of every event of a long range. Filled by the housekeeping
 * round (services/ops/traffic-rollup.ts) once a day has ended and again after it settled; days
 * without a row are counted from page_views as they are asked for. Counts of distinct sessions are
 * per day: a visit that crosses midnight counts on both days.
 */
export const trafficDays = pgTable(
  'traffic_days',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    pageViews: integer('page_views').notNull(),
    /** Sessions with a page view that day. */
    visits: integer('visits').notNull(),
    /** Signed-in users plus anonymous sessions with a page view that day. */
    visitors: integer('visitors').notNull(),
    /** Funnel steps: sessions that viewed a hall, a detail page, clicked 立即租号 that day. */
    listingSessions: integer('listing_sessions').notNull(),
    detailSessions: integer('detail_sessions').notNull(),
    checkoutSessions: integer('checkout_sessions').notNull(),
    rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'traffic_days_counts_check',
      sql`least(${t.pageViews}, ${t.visits}, ${t.visitors}, ${t.listingSessions}, ${t.detailSessions}, ${t.checkoutSessions}) >= 0`,
    ),
  ],
);

/** Sessions per channel per Shanghai day, rolled up with traffic_days (the same day's round writes both). */
export const trafficDayChannels = pgTable(
  'traffic_day_channels',
  {
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.channel] })],
);

// ---------------------------------------------------------------------------------------------
// relations (for db.query.*.findMany({ with: ... }))

export const usersRelations = relations(users, ({ one }) => ({
  shop: one(shops, { fields: [users.id], references: [shops.ownerUserId] }),
}));

export const gamesRelations = relations(games, ({ many }) => ({
  platforms: many(platforms),
  zones: many(zones),
  listings: many(listings),
}));

export const platformsRelations = relations(platforms, ({ one, many }) => ({
  game: one(games, { fields: [platforms.gameId], references: [games.id] }),
  zones: many(zones),
}));

export const zonesRelations = relations(zones, ({ one }) => ({
  game: one(games, { fields: [zones.gameId], references: [games.id] }),
  platform: one(platforms, { fields: [zones.platformId], references: [platforms.id] }),
}));

export const shopsRelations = relations(shops, ({ one, many }) => ({
  owner: one(users, { fields: [shops.ownerUserId], references: [users.id] }),
  listings: many(listings),
}));

export const listingsRelations = relations(listings, ({ one, many }) => ({
  shop: one(shops, { fields: [listings.shopId], references: [shops.id] }),
  game: one(games, { fields: [listings.gameId], references: [games.id] }),
  platform: one(platforms, { fields: [listings.platformId], references: [platforms.id] }),
  zone: one(zones, { fields: [listings.zoneId], references: [zones.id] }),
  attrs: many(listingAttrs),
}));

export const listingAttrsRelations = relations(listingAttrs, ({ one }) => ({
  listing: one(listings, { fields: [listingAttrs.listingId], references: [listings.id] }),
}));

export const pageViewsRelations = relations(pageViews, ({ one }) => ({
  user: one(users, { fields: [pageViews.userId], references: [users.id] }),
}));

// ---------------------------------------------------------------------------------------------
// row types

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;
export type PlatformRow = typeof platforms.$inferSelect;
export type NewPlatformRow = typeof platforms.$inferInsert;
export type ZoneRow = typeof zones.$inferSelect;
export type NewZoneRow = typeof zones.$inferInsert;
export type ShopRow = typeof shops.$inferSelect;
export type NewShopRow = typeof shops.$inferInsert;
export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
export type ListingAttrRow = typeof listingAttrs.$inferSelect;
export type NewListingAttrRow = typeof listingAttrs.$inferInsert;
export type BannerRow = typeof banners.$inferSelect;
export type NewBannerRow = typeof banners.$inferInsert;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncementRow = typeof announcements.$inferInsert;
export type HotTagRow = typeof hotTags.$inferSelect;
export type NewHotTagRow = typeof hotTags.$inferInsert;
export type PageViewRow = typeof pageViews.$inferSelect;
export type NewPageViewRow = typeof pageViews.$inferInsert;

// ---------------------------------------------------------------------------------------------
// page cache

/**
 * One row whose version rises with every change to what catalogue pages show (statement-level
 * triggers in migration 0002). Every process compares it with the version its cached pages were
 * rendered under, so a rented listing is never served as free from any process's cache.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('catalog_version_single_row', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------------------------------------
// auth tokens ("Tokens": random, stored hashed, expires_time in seconds, revocable)

/**
 * One bearer token per sign-in. Only the SHA-256 of the token is kept (services/tokens.ts), so a
 * leaked table signs nobody in. A token is valid while `revoked_at` is null and `expires_at` is in
 * the future; rows are kept after revocation so a revoked token is told apart from an unknown one.
 */
export const TOKEN_PURPOSES = ['session', 'bind'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercase hex SHA-256 of the raw token (64 characters). */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    userAgent: varchar('user_agent', { length: 256 }),
    /**
     * 'session' signs the user in; 'bind' is the spec §6 temp_token of a third-party login
     * without a bound phone, good only for binding one (never accepted as a Bearer token).
     */
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull().default('session'),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_id_idx').on(t.userId),
    check('auth_tokens_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('auth_tokens_purpose_check', sql`${t.purpose} in ('session', 'bind')`),
  ],
);

export type AuthTokenRow = typeof authTokens.$inferSelect;
export type NewAuthTokenRow = typeof authTokens.$inferInsert;

// ---------------------------------------------------------------------------------------------
// sign-in. Every piece of sign-in state lives here, never in one process's memory
// (ARCHITECTURE "past one machine"): keys, challenges, captchas, codes, limits, QR sessions.

/**
 * RSA-OAEP key pairs for password encryption in the browser (services/rsa-keys.ts). Exactly one
 * row is active (retired_at null); rotation retires it and inserts the next. Retired keys stay a
 * short while so challenges issued just before a rotation still decrypt.
 */
export const rsaKeys = pgTable(
  'rsa_keys',
  {
    id: serial('id').primaryKey(),
    /** Public key id sent with getSign, e.g. k1a2b3c4d. */
    keyId: varchar('key_id', { length: 32 }).notNull(),
    publicKeyPem: text('public_key_pem').notNull(),
    privateKeyPem: text('private_key_pem').notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('rsa_keys_key_id_key').on(t.keyId),
    // At most one active key, whichever process creates it first.
    uniqueIndex('rsa_keys_one_active').on(sql`(true)`).where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * getSign challenges (spec §7 getSign: sign, timestamp, nonce_str). `sign` is the per-challenge
 * HMAC key the browser signs the body with; the nonce is used at most once (used_at).
 */
export const signChallenges = pgTable(
  'sign_challenges',
  {
    nonceStr: varchar('nonce_str', { length: 32 }).primaryKey(),
    signKey: varchar('sign_key', { length: 64 }).notNull(),
    keyId: varchar('key_id', { length: 32 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sign_challenges_expires_at_idx').on(t.expiresAt)],
);

export const VERIFY_ACTIONS = CAPTCHA_ACTIONS;
export type VerifyAction = CaptchaAction;

/** Slider captcha puzzles (sandbox provider): one answer attempt each. */
export const captchas = pgTable(
  'captchas',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** Where the gap is, in puzzle pixels; never sent to the browser as a number. */
    targetX: integer('target_x').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('captchas_expires_at_idx').on(t.expiresAt)],
);

/** spec §7 validate code v2: a solved captcha's single-use verify_key, bound to one web_action. */
export const verifyKeys = pgTable(
  'verify_keys',
  {
    keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
    action: text('action', { enum: VERIFY_ACTIONS }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('verify_keys_action_check', sql`${t.action} in ('login', 'submit', 'sendSms')`),
    index('verify_keys_expires_at_idx').on(t.expiresAt),
  ],
);

export const CODE_CHANNELS = ['sms', 'email'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
export { CODE_ACTIONS, type CodeAction };

/** SMS and email codes: 6 digits, stored hashed, 5 minutes, at most 5 tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: CODE_CHANNELS }).notNull(),
    /** A mobile number or a lowercased email address. */
    recipient: varchar('recipient', { length: 254 }).notNull(),
    action: text('action', { enum: CODE_ACTIONS }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('verification_codes_lookup_idx').on(t.recipient, t.action, t.createdAt),
    check('verification_codes_channel_check', sql`${t.channel} in ('sms', 'email')`),
    check('verification_codes_action_check', sql`${t.action} in ('login', 'register', 'bind', 'reset', 'verify', 'deactivate')`),
    check('verification_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** What the sandbox SMS and email providers "sent"; the demo shows it on /sandbox/outbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: CODE_CHANNELS }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_created_at_idx').on(t.createdAt)],
);

/**
 * Fixed-window counters for rate limits shared by every process (services/rate-limit.ts): one row
 * per bucket such as `sms:phone:13800000001` or `login:ip:203.0.113.9`.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  bucket: varchar('bucket', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Wrong passwords per login name (lowercased), known or not, so the -410 captcha rule of spec §5
 * behaves the same for a name that has no account. Cleared by a successful login.
 */
export const loginFailures = pgTable('login_failures', {
  loginName: varchar('login_name', { length: 64 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// spec §4 QR login states, as this server keeps them; each platform answers in its own words.
export { QR_PLATFORMS, QR_STATES, type QrPlatform, type QrState };

/**
 * QR login sessions (spec §4, §7). `id` is what the creating browser polls with (sessionId /
 * qr_token); `scan_code` is what the QR encodes, for the second device. Only the browser holding
 * the secret whose hash is `browser_secret_hash` may redeem the session, once (redeemed_at).
 */
export const qrSessions = pgTable(
  'qr_sessions',
  {
    id: varchar('id', { length: 43 }).primaryKey(),
    platform: text('platform', { enum: QR_PLATFORMS }).notNull(),
    scanCode: varchar('scan_code', { length: 43 }).notNull(),
    browserSecretHash: varchar('browser_secret_hash', { length: 64 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 128 }),
    status: text('status', { enum: QR_STATES }).notNull().default('waiting'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true, mode: 'date' }),
    /** Who confirmed on the second device. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** True when the confirmed third-party user has no phone yet: redeeming yields a temp_token. */
    needsBind: boolean('needs_bind').notNull().default(false),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('qr_sessions_scan_code_key').on(t.scanCode),
    index('qr_sessions_expires_at_idx').on(t.expiresAt),
    check('qr_sessions_platform_check', sql`${t.platform} in ('wechat', 'qq', 'app')`),
    check(
      'qr_sessions_status_check',
      sql`${t.status} in ('waiting', 'scanned', 'granting', 'logined', 'cancelled', 'expired', 'error')`,
    ),
  ],
);

export { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider };

/** A WeChat or QQ identity (open id) linked to a user; a first-time one creates a phone-less user. */
export const thirdPartyIdentities = pgTable(
  'third_party_identities',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: THIRD_PARTY_PROVIDERS }).notNull(),
    openId: varchar('open_id', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('third_party_identities_provider_open_id_key').on(t.provider, t.openId),
    index('third_party_identities_user_id_idx').on(t.userId),
    check('third_party_identities_provider_check', sql`${t.provider} in ('wechat', 'qq')`),
  ],
);

export type RsaKeyRow = typeof rsaKeys.$inferSelect;
export type QrSessionRow = typeof qrSessions.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

// ---------------------------------------------------------------------------------------------
// per-user catalogue state (signed in): search history, hall search templates, likes,
// collections. None of it is shown in server-rendered HTML (pages are the same for everyone and
// cached), so none of it raises catalog_version; islands read it with the visitor's token.

/** Keywords a signed-in user searched, newest first; one row per keyword (searching again moves it up). */
export const searchHistory = pgTable(
  'search_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyword: varchar('keyword', { length: 50 }).notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyword] }), index('search_history_user_searched_idx').on(t.userId, t.searchedAt)],
);

/** A saved rental-hall search (spec §7 zuhao "search templates list/add/delete"): a name and the hall URL's query. */
export const searchTemplates = pgTable(
  'search_templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
    /** The hall path and query the template reopens, e.g. /zuhao/1.html?sort=price_asc. */
    path: varchar('path', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('search_templates_user_name_key').on(t.userId, t.name), index('search_templates_user_idx').on(t.userId)],
);

/** spec §7 detail "POST like account" (scene 1 like, 2 unlike): one row per user and listing. */
export const listingLikes = pgTable(
  'listing_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index('listing_likes_listing_idx').on(t.listingId)],
);

/** spec §3 is_collection / account area "collect": listings a user keeps. */
export const collections = pgTable(
  'collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('collections_user_created_idx').on(t.userId, t.createdAt),
    // collection_count per listing, and the cascade when a listing is deleted.
    index('collections_listing_idx').on(t.listingId),
  ],
);

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
    check('red_packets_type_check', sql`${t.type} in (1, 2)`),
    check('red_packets_status_check', sql`${t.status} in (1, 2)`),
    check('red_packets_amounts_check', sql`${t.minOrderAmountFen} >= 0 and coalesce(${t.maxDiscountAmountFen}, 0) >= 0 and coalesce(${t.discountAmountFen}, 0) >= 0`),
    check(
      'red_packets_shape_check',
      sql`(${t.type} = 1 and ${t.discountPercentage} between 1 and 99) or (${t.type} = 2 and ${t.discountAmountFen} > 0)`,
    ),
  ],
);

export type RedPacketRow = typeof redPackets.$inferSelect;

// ---------------------------------------------------------------------------------------------
// reviews (spec §7 detail "comments"; account "comments", assess) and free rentals (spec §7 free group)

/**
 * A renter's review of a listing. `order_no` names the finished order it was written for: the
 * order flow writes reviews; demo reviews are seeded without one. Shown through the
 * API by an island, so a new review does not have to invalidate cached pages.
 */
export const listingReviews = pgTable(
  'listing_reviews',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderNo: varchar('order_no', { length: 32 }),
    rating: smallint('rating').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_reviews_listing_created_idx').on(t.listingId, t.createdAt),
    // 我的评价 lists a renter's reviews newest first.
    index('listing_reviews_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('listing_reviews_order_no_key').on(t.orderNo),
    check('listing_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A listing offered for free play (spec §7 free group: games, list, promotion, free count): a
 * renter may play it free for `free_hours`, within the offer's window. Part of what catalogue
 * pages show, so it raises catalog_version like listings do (migration trigger).
 */
export const freeOffers = pgTable(
  'free_offers',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    freeHours: smallint('free_hours').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('free_offers_listing_key').on(t.listingId),
    index('free_offers_window_idx').on(t.startsAt, t.endsAt),
    check('free_offers_hours_check', sql`${t.freeHours} between 1 and 24`),
    check('free_offers_window_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// money: wallets, the ledger, orders of every payable kind, gateway payments,
// idempotency keys, account credentials, complaints, withdrawals, gold coins, VIP plans.
// Money is integer fen; every balance change is one ledger row written in the same transaction.

/** Secrets the deployment generates once and shares through the database (sandbox gateway keys, the credentials key without CREDENTIALS_KEY). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

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

// The ledger's kinds and the pay channels are the wire contract's (features/wallet/contract/money.ts); the columns take exactly those.
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

export const ORDER_KINDS = ['rental', 'vip', 'recharge'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
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

/** A request's first answer under its Idempotency-Key, replayed for repeats (services/idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: varchar('scope', { length: 32 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
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
 * amount went back to the balance.
 */
export const WITHDRAWAL_STATUSES = ['pending', 'done', 'cancelled', 'review', 'refused'] as const;
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
    /** The reason the user reads when an operator refused it. */
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
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'done', 'cancelled', 'review', 'refused')`),
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

/**
 * Raw bytes (bytea). pg hands back a Buffer and PGlite a Uint8Array; both are Uint8Array, which is
 * what the code reads and writes.
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * An uploaded image, re-encoded once into its two WebP variants, kept in the database so
 * every process serves it (docs/decisions.md "Image uploads"). `sha256` is of the bytes
 * as uploaded, for dedup per (owner, purpose); `card_sha256` / `detail_sha256` are of the variants
 * and name them in their immutable URLs and ETags. width/height are the upright original's.
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: serial('id').primaryKey(),
    /** The user who uploaded it, or null for an operator's upload (ad images). */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The operator who uploaded it (console; exactly one owner is set). */
    ownerOperatorId: integer('owner_operator_id').references(() => operators.id),
    purpose: varchar('purpose', { length: 16 }).$type<UploadPurpose | OpsUploadPurpose>().notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    card: bytea('card').notNull(),
    cardSha256: varchar('card_sha256', { length: 64 }).notNull(),
    detail: bytea('detail').notNull(),
    detailSha256: varchar('detail_sha256', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploaded_images_owner_sha_key').on(t.ownerUserId, t.purpose, t.sha256),
    index('uploaded_images_owner_created_idx').on(t.ownerUserId, t.createdAt),
    uniqueIndex('uploaded_images_operator_sha_key').on(t.ownerOperatorId, t.purpose, t.sha256).where(sql`${t.ownerOperatorId} is not null`),
    index('uploaded_images_operator_created_idx').on(t.ownerOperatorId, t.createdAt).where(sql`${t.ownerOperatorId} is not null`),
    check('uploaded_images_owner_check', sql`(${t.ownerUserId} is null) <> (${t.ownerOperatorId} is null)`),
    check('uploaded_images_purpose_check', sql.raw(`purpose in (${[...UPLOAD_PURPOSES, ...OPS_UPLOAD_PURPOSES].map((p) => `'${p}'`).join(', ')})`)),
    check('uploaded_images_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// sellers

/**
 * Settings operators change without a deploy (commission, holds, review; the console is).
 * One JSON value per key, read through services/site-settings.ts, which holds every default.
 */
export const siteSettings = pgTable('site_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

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
// reaching renters (spec §3 Notification, Popup advertisement, Emergency notice;
// §7 notifications, popup_advertisement, collector upload-convert-data)

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

/**
 * spec §1/§7 channel conversion (upload-convert-data): one row per account and conversion type,
 * so a repeated report is answered but not counted twice. Channel fields as the browser kept them.
 */
export const channelConversions = pgTable(
  'channel_conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** spec §9 conversion type value 6 (registration). */
    conversionType: smallint('conversion_type').notNull(),
    channel: varchar('channel', { length: 64 }),
    netId: varchar('net_id', { length: 64 }),
    uid: varchar('uid', { length: 64 }),
    bdVid: varchar('bd_vid', { length: 256 }),
    qhclickid: varchar('qhclickid', { length: 256 }),
    sourceId: varchar('source_id', { length: 64 }),
    landingUrl: text('landing_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('channel_conversions_user_type_key').on(t.userId, t.conversionType),
    index('channel_conversions_channel_idx').on(t.channel, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// ---- operator console foundation: operators, their sessions, the audit log.
// Operators are not marketplace users: their own accounts and sessions, so a leaked renter token
// or a renter's XSS never reaches the console (docs/decisions.md "Operator console").

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    /** Lowercase, 3-32 of [a-z0-9_], starting with a letter (contract/ops.ts). */
    username: varchar('username', { length: 32 }).notNull(),
    displayName: varchar('display_name', { length: 16 }).notNull(),
    /** contract/ops.ts OPS_ROLES. */
    role: varchar('role', { length: 16 }).notNull(),
    /** scrypt string from services/password.ts. */
    passwordHash: text('password_hash').notNull(),
    /** A disabled operator cannot sign in and their sessions are revoked; the row stays for the audit log. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operators_username_key').on(t.username),
    check('operators_role_check', sql`${t.role} in ('admin', 'operations', 'service', 'finance')`),
    check('operators_username_check', sql`${t.username} ~ '^[a-z][a-z0-9_]{2,31}$'`),
  ],
);

/** An operator's signed-in browser; the cookie holds the raw token, the row only its SHA-256. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** Absolute end: a session is never extended past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Idle end: refreshed (coarsely) on use; an unattended console signs out by itself. */
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId),
    check('operator_sessions_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Every console action: who, what, on which record, the record before and after, why, when.
 * Append-only: a trigger (migration ops_foundation_custom) refuses UPDATE and DELETE, so nobody,
 * the console included, rewrites what an operator did.
 */
export const opsAuditLog = pgTable(
  'ops_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** Dotted verb, e.g. listing.approve, complaint.decide, operator.create. */
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: varchar('reason', { length: 500 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ops_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('ops_audit_log_operator_idx').on(t.operatorId, t.id.desc()),
    index('ops_audit_log_target_idx').on(t.targetType, t.targetId, t.id.desc()),
    index('ops_audit_log_action_idx').on(t.action, t.id.desc()),
  ],
);

export type OperatorRow = typeof operators.$inferSelect;
export type OpsAuditRow = typeof opsAuditLog.$inferSelect;

// ---------------------------------------------------------------------------------------------
// ---- campaigns: red-envelope campaign templates and their grants, exchange-code
// batches, codes and redemptions. Popup ads, emergency notices and broadcasts have their tables
// above; the console adds columns there (docs/decisions.md "Campaigns").

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
    check('red_packet_templates_type_check', sql`${t.type} in (1, 2)`),
    check(
      'red_packet_templates_shape_check',
      sql`(${t.type} = 1 and ${t.discountPercentage} between 1 and 99) or (${t.type} = 2 and ${t.discountAmountFen} > 0)`,
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

// ---------------------------------------------------------------------------------------------
// ---- customer-service chat
// docs/decisions.md "Customer-service chat". A change to a conversation row (a new
// message moves last_message_id, a read moves a read pointer, take/close move status) is announced
// by the trigger of the custom migration chat_custom on the channel chat_events with ids only;
// every process listens once and its open streams read the rows.

/**
 * One conversation between a user and the desk. At most one per user is open (waiting or assigned)
 * at a time; a user writing after it closed starts a new one, so history is a user's conversations
 * in order. Read pointers are message ids: each side has read everything up to its pointer.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CHAT_CONVERSATION_STATUSES }).$type<ChatConversationStatus>().notNull().default('waiting'),
    /** The operator who took it; null while waiting. */
    operatorId: integer('operator_id').references(() => operators.id),
    /** Their display name when they took it: what the user was told (客服 小美 已接入). */
    operatorName: varchar('operator_name', { length: 32 }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The user has read every message up to this id (0: none). */
    userLastReadId: bigint('user_last_read_id', { mode: 'number' }).notNull().default(0),
    /** The desk (any agent) has read every message up to this id. */
    agentLastReadId: bigint('agent_last_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_one_open_key').on(t.userId).where(sql`${t.status} <> 'closed'`),
    index('chat_conversations_user_idx').on(t.userId, t.id.desc()),
    // The queue, oldest first.
    index('chat_conversations_waiting_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'waiting'`),
    index('chat_conversations_operator_idx').on(t.operatorId, t.status),
    index('chat_conversations_recent_idx').on(t.lastMessageAt.desc()),
    check('chat_conversations_status_check', sql`${t.status} in ('waiting', 'assigned', 'closed')`),
    check('chat_conversations_assigned_check', sql`${t.status} <> 'assigned' or ${t.operatorId} is not null`),
    check('chat_conversations_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/**
 * One line of a conversation: the user's or an agent's text, image (an upload of purpose chat) or
 * order card (an order of the user's; shown from the order's current state), or a system line
 * (客服已接入, 会话已结束). Ids grow across all conversations, so a stream resumes after an id.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: CHAT_SENDERS }).$type<ChatSender>().notNull(),
    /** The agent who wrote it (sender agent), or who caused a system line. */
    operatorId: integer('operator_id').references(() => operators.id),
    /** The agent's display name as the user saw it when it was sent. */
    agentName: varchar('agent_name', { length: 32 }),
    type: text('type', { enum: CHAT_MESSAGE_TYPES }).$type<ChatMessageType>().notNull(),
    body: varchar('body', { length: 1000 }),
    imageId: integer('image_id').references(() => uploadedImages.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    check('chat_messages_sender_check', sql`${t.sender} in ('user', 'agent', 'system')`),
    check('chat_messages_type_check', sql`${t.type} in ('text', 'image', 'order', 'system')`),
    check('chat_messages_agent_check', sql`${t.sender} <> 'agent' or ${t.operatorId} is not null`),
    check('chat_messages_system_check', sql`(${t.sender} = 'system') = (${t.type} = 'system')`),
    check('chat_messages_text_check', sql`${t.type} not in ('text', 'system') or ${t.body} is not null`),
  ],
);

/** When each agent's console was last seen (its stream's heartbeat): 客服在线 for the renter's side. */
export const chatAgentPresence = pgTable('chat_agent_presence', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
});
// ---- sellers and listings in the console
// No table of its own: the console's sellers, listings and games screens add columns where the
// thing they describe lives (listings: review_from_rental_fen, held_at, hold_reason; shops:
// review_listings; games: maintenance_notice), and every decision is a row of ops_audit_log.
// ---- complaint arbitration: decisions, what owners owe, who saw the login details.
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
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
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
// ---- Markdown content: the help centre (console, help centre)

/**
 * Help pages, edited by operators in the console (docs/decisions.md "Markdown content"). The
 * Markdown files of src/content/help are the shipped default set: each is inserted at start when no
 * page has its slug, and never overwrites a row. The HTML and plain text are made by the one
 * renderer (services/markdown.ts) when a page is saved; `renderer_version` names the renderer that
 * made them, so the start renders again what an older renderer made.
 */
export const helpPages = pgTable(
  'help_pages',
  {
    id: serial('id').primaryKey(),
    /** The page's address: /help/<slug>. Fixed once created (links and the shipped files name it). */
    slug: varchar('slug', { length: 64 }).notNull(),
    /** The help type (category) the page is listed under. */
    type: varchar('type', { length: 16 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    /** Order within its type, ascending. */
    sortOrder: integer('sort_order').notNull().default(0),
    bodyMd: text('body_md').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** What a reader sees, as plain text (list summaries, search snippets). */
    bodyText: text('body_text').notNull(),
    /**
     * What search matches: title and text, lower-cased once when written, so a search is a plain
     * LIKE instead of ILIKE folding the case of every character of every page on every query
     * (2-5× faster, docs/benchmarks.md "Help search").
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("title" || chr(10) || "body_text")`),
    rendererVersion: smallint('renderer_version').notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    /** Raised by every edit; an edit made from an older revision is refused. */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The operator of the last change; null while the page is as the shipped file made it. */
    updatedBy: integer('updated_by').references(() => operators.id),
  },
  (t) => [
    uniqueIndex('help_pages_slug_key').on(t.slug),
    index('help_pages_type_idx').on(t.type, t.sortOrder, t.id).where(sql`${t.isPublished}`),
    check('help_pages_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('help_pages_sort_order_check', sql`${t.sortOrder} between -100000 and 100000`),
  ],
);

export type HelpPageRow = typeof helpPages.$inferSelect;
export type NewHelpPageRow = typeof helpPages.$inferInsert;

// ---------------------------------------------------------------------------------------------
// ---- wanted board (/task, /task-publish) and investment leads (/business-invest)
// (docs/decisions.md "Wanted board and investment leads")

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

export type WantedTaskRow = typeof wantedTasks.$inferSelect;
export type TaskOfferRow = typeof taskOffers.$inferSelect;
export type InvestmentLeadRow = typeof investmentLeads.$inferSelect;

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
