/**
 * The catalogue's tables: games with their platforms and zones, listings and their attributes
 * (with the rental hall's indexes), the home page's banners and hot tags, and each signed-in user's
 * search history, search templates, likes and collections. Shops are features/sellers'.
 */
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import type { GameListingAttr } from '~/features/catalog/rules/game-listing-attrs';
import { LISTING_DESCRIPTION_MAX_CHARS, LISTING_REVIEW_STATUSES, LISTING_SELLER_STATES, RENTAL_TIME_ALL_DAY, type ListingReviewStatus, type ListingSellerState } from '~/platform/config/constants';
import { createdAt } from '~/platform/db/columns';
import { users } from '~/platform/db/tables';
import { shops } from '~/features/sellers/server/tables';

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
    /**
     * The attributes a listing of this game states (段位 with the game's ranks, the hero and skin
     * counts with their bounds): what the listing form offers and the server accepts. Catalogue
     * data kept by the seed (app/seed/catalog.ts) and the console, not by a listing.
     */
    listingAttrs: jsonb('listing_attrs').$type<GameListingAttr[]>().notNull().default(sql`'[]'::jsonb`),
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
    /** The seller's own words about the account, shown on the detail page ('' when none). */
    description: text('description').notNull().default(''),
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
    check('listings_description_length_check', sql.raw(`char_length(description) <= ${LISTING_DESCRIPTION_MAX_CHARS}`)),
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
/**
 * Each listing's own record (issue 26; docs/decisions.md "Listing record"): counts kept up to date
 * inside the transactions that change the facts (server/listing-record.ts), so a card reads one row
 * by primary key instead of counting orders. A listing without a row has no rentals yet.
 * reply_seconds holds the owner's most recent first-answer times (LISTING_REPLY_SECONDS_KEPT) and
 * median_reply_seconds their median, computed when one is added.
 */
export const listingStats = pgTable(
  'listing_stats',
  {
    listingId: integer('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** Paid rental orders of the listing, free ones included. */
    rentals: integer('rentals').notNull().default(0),
    /** Distinct rental orders with at least one complaint. */
    complainedRentals: integer('complained_rentals').notNull().default(0),
    /** Rentals the renter reported as 无法登录 (the coming button); 0 until then. */
    loginFailures: integer('login_failures').notNull().default(0),
    replySeconds: integer('reply_seconds').array().notNull().default(sql`'{}'::int[]`),
    medianReplySeconds: integer('median_reply_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('listing_stats_counts_check', sql`${t.rentals} >= 0 and ${t.complainedRentals} >= 0 and ${t.loginFailures} >= 0`),
  ],
);

export type ListingStatsRow = typeof listingStats.$inferSelect;

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

export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;
export type PlatformRow = typeof platforms.$inferSelect;
export type NewPlatformRow = typeof platforms.$inferInsert;
export type ZoneRow = typeof zones.$inferSelect;
export type NewZoneRow = typeof zones.$inferInsert;

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
export type ListingAttrRow = typeof listingAttrs.$inferSelect;
export type NewListingAttrRow = typeof listingAttrs.$inferInsert;
export type BannerRow = typeof banners.$inferSelect;
export type NewBannerRow = typeof banners.$inferInsert;

export type HotTagRow = typeof hotTags.$inferSelect;
export type NewHotTagRow = typeof hotTags.$inferInsert;

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
