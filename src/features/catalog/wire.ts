/**
 * The catalogue's routes with their schemas (routes.ts declares them; the endpoints serve them
 * through platform/http/serve.ts and tests read the answer schemas). The answer types of the
 * contract (contract/user-catalog.ts, contract/besimilar.ts) are these schemas' outputs.
 */
import { z } from 'zod';
import { HALL_KEYWORD_MAX_LENGTH, MAX_SIMILAR_LIMIT, hallQuerySchema, pageQueryFields, type Announcement, type AnnouncementSummary, type Banner, type BargainGame, type GameRef, type HomeData, type HotTag, type ListingCard, type ListingDetail, type LookStats, type Platform, type RentalPeriodFlags, type ShopSummary, type Zone } from '~/features/catalog/contract/catalog';
import { opsGameMaintenanceBodySchema, type OpsGameView } from '~/features/sellers/contract/ops-sellers';
import { AVAILABILITY_LABEL, type Availability } from '~/features/catalog/rules/availability';
import { LIKE_SCENE, LIKE_TYPE_ACCOUNT, TEMPLATE_NAME_MAX_CHARS } from '~/features/catalog/rules/user-catalog';
import { CATALOG_ROUTES } from '~/features/catalog/routes';
import { RENTAL_PERIOD_FLAGS } from '~/features/orders/rules/periods';
import { BESIMILAR_PAGE_SIZE_MAX, COLLECTIONS_PAGE_SIZE_MAX } from '~/features/catalog/constants';
import { bodyIdSchema, optionalQuery, pageSchema, queryIdSchema, queryIntSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** A GET that takes nothing: whatever query it is sent is ignored, as it always was. */
const noInputSchema = z.object({});

/** `{ keyword }`: 1-50 characters after trimming (the hall's keyword limit, search_history.keyword). */
export const keywordBodySchema = z.object({ keyword: z.string().trim().min(1).max(HALL_KEYWORD_MAX_LENGTH) });

/** `{ name, path }` (name: search_templates.name is varchar(20)); the path's own rules are the service's (400 无效的筛选条件). */
export const addTemplateBodySchema = z.object({
  name: z.string().trim().min(1).max(TEMPLATE_NAME_MAX_CHARS),
  path: z.string(),
});
export type AddTemplateInput = z.output<typeof addTemplateBodySchema>;

/** `{ id }`: a positive integer (an id no row can have answers 404 like an unknown one). */
export const templateIdBodySchema = z.object({ id: bodyIdSchema });

/** spec §7 detail "POST like account": `{ source_id, type: 1, scene: 1 | 2 }`, scene 1 like, 2 unlike. */
export const likeBodySchema = z.object({
  source_id: bodyIdSchema,
  /** 1 = a game account listing, the only kind that can be liked. */
  type: z.literal(LIKE_TYPE_ACCOUNT),
  scene: z.literal([LIKE_SCENE.like, LIKE_SCENE.unlike]),
});

/** `{ account_id }` of account/collect and account/uncollect (an id no row can have answers like a missing listing). */
export const accountIdBodySchema = z.object({ account_id: bodyIdSchema });

/** GET account/collections: page ≥ 1, page_size 1-50 (defaults are the service's). */
export const collectionsQuerySchema = z.object({
  page: optionalQuery(queryIdSchema),
  page_size: optionalQuery(queryIntSchema(1, COLLECTIONS_PAGE_SIZE_MAX)),
});

// The public catalogue reads (spec §7: GET sends form encoding, so every value arrives as a string;
// a failure is a 400 whose Chinese msg names the field). The rental hall's query, ids and paging
// are the wire contract's (contract/catalog.ts), which the pages read their URL with too.

/** Page and page size (defaults are the service's): GET shops, home/announcements. */
export const pageQuerySchema = z.object(pageQueryFields);
/** GET zuhao/platforms. */
export const platformsQuerySchema = z.object({ game_id: queryIdSchema });
/** GET zuhao/zones. */
export const zonesQuerySchema = z.object({ game_id: queryIdSchema, platform_id: optionalQuery(queryIdSchema) });
/** GET detail/account, detail/accountState, detail/looking (spec §7 "param account_id"). */
export const accountQuerySchema = z.object({ account_id: queryIdSchema });
/** GET zuhao/similar. */
export const similarQuerySchema = z.object({ account_id: queryIdSchema, limit: optionalQuery(queryIntSchema(1, MAX_SIMILAR_LIMIT)) });
/** GET tejia/accounts. */
export const specialOffersQuerySchema = z.object({ game_id: optionalQuery(queryIdSchema), ...pageQueryFields });
/** GET shop, home/announcement. */
export const idQuerySchema = z.object({ id: queryIdSchema });
/** GET shop/accounts. */
export const shopListingsQuerySchema = z.object({ id: queryIdSchema, ...pageQueryFields });

/** GET zuhao/besimilar. */
export const besimilarQuerySchema = z.object({
  account_id: queryIdSchema,
  page: optionalQuery(queryIdSchema),
  page_size: optionalQuery(queryIntSchema(1, BESIMILAR_PAGE_SIZE_MAX)),
});

// ---------------------------------------------------------------------------------------------
// answers

const availabilities = Object.keys(AVAILABILITY_LABEL) as [Availability, ...Availability[]];

/** Every rental period flag, a boolean each. */
const rentalPeriodSchema = z.strictObject(
  Object.fromEntries(RENTAL_PERIOD_FLAGS.map((flag) => [flag, z.boolean()])) as Record<keyof RentalPeriodFlags, z.ZodBoolean>,
);

/**
 * What a list shows of one listing (contract ListingCard, the rental hall's card; catalog.reshape.ts
 * builds it). The contract's interface stays the type every list reads; `wire` checks this schema's
 * output against it wherever a route answers cards.
 */
export const listingCardSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  cover: z.string(),
  game_id: z.number().int().positive(),
  game_name: z.string(),
  game_path: z.string(),
  platform_name: z.string().nullable(),
  zone_name: z.string().nullable(),
  /** Yuan with two decimals, beside the exact fen. */
  rental: z.string(),
  rental_fen: z.number().int().nonnegative(),
  min_rental_period: z.number().int().nonnegative(),
  deposit: z.string(),
  deposit_fen: z.number().int().nonnegative(),
  is_merchant: z.boolean(),
  is_store: z.boolean(),
  is_insurance: z.boolean(),
  is_use_vip_discount: z.boolean(),
  is_use_bargain: z.boolean(),
  top_shelf: z.boolean(),
  popularity: z.number().int(),
  availability: z.enum(availabilities),
  bookable_now: z.boolean(),
  game_money: z.number().int().nonnegative(),
  money_exchange_rate: z.number().nullable(),
  hafuCoinPrepay: z.string().nullable(),
  account_type: z.string().nullable(),
  activity: z.strictObject({
    discount: z.number().nullable(),
    rental_promotion: z.strictObject({ rental_hour: z.number().int(), bonus_hour: z.number().int() }).nullable(),
  }),
  rental_period: rentalPeriodSchema,
  record: z.strictObject({
    rentals: z.number().int().nonnegative(),
    is_new: z.boolean(),
    success_rate: z.number().int().min(0).max(100).nullable(),
    complaint_rate: z.number().int().min(0).max(100).nullable(),
    median_reply_seconds: z.number().int().nonnegative().nullable(),
  }),
}) satisfies z.ZodType<ListingCard>;

const rowId = z.number().int().positive();
const count = z.number().int().nonnegative();
const flag01 = z.literal([0, 1]);

/** A game as every catalogue read shows it (contract GameRef). */
export const gameRefSchema = z.strictObject({
  id: rowId,
  name: z.string(),
  slug: z.string(),
  icon: z.string(),
  maintenance_status: flag01,
  is_suspended: flag01,
  maintenance_notice: z.string().nullable(),
  has_hafu_coin: z.boolean(),
}) satisfies z.ZodType<GameRef>;

export const platformSchema = z.strictObject({ id: rowId, name: z.string() }) satisfies z.ZodType<Platform>;

export const zoneSchema = z.strictObject({ id: rowId, name: z.string(), platform_id: rowId.nullable() }) satisfies z.ZodType<Zone>;

/** spec §3 merchantInfo.cert_type: 1 = store, 2 = merchant, 0 = individual. */
const certTypeSchema = z.literal([0, 1, 2]);

/** GET detail/account: a card plus everything the detail page shows. */
export const listingDetailSchema = listingCardSchema.extend({
  imgs: z.array(z.string()),
  role_name: z.string(),
  description: z.string(),
  attrs: z.array(z.strictObject({ attr_name: z.string(), value: z.string() })),
  game: gameRefSchema,
  gameInfo: z.strictObject({ name: z.string() }),
  merchantInfo: z.strictObject({ id: rowId, name: z.string(), cert_type: certTypeSchema }),
  is_rented: z.boolean(),
  is_reservation: z.boolean(),
  is_listed: z.boolean(),
  third_type: z.string().nullable(),
  rental_time: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
}) satisfies z.ZodType<ListingDetail>;

/** GET tejia/games: a game with how many special offers it has. */
export const bargainGameSchema = gameRefSchema.extend({ listing_count: count }) satisfies z.ZodType<BargainGame>;

/** GET shop and the shop list. */
export const shopSummarySchema = z.strictObject({
  id: rowId,
  name: z.string(),
  logo: z.string().nullable(),
  cert_type: certTypeSchema,
  is_merchant: z.boolean(),
  is_store: z.boolean(),
  listing_count: count,
  /** ISO 8601. */
  created_at: z.string(),
}) satisfies z.ZodType<ShopSummary>;

export const bannerSchema = z.strictObject({ id: rowId, title: z.string(), image: z.string(), href: z.string() }) satisfies z.ZodType<Banner>;

export const announcementSummarySchema = z.strictObject({
  id: rowId,
  title: z.string(),
  summary: z.string(),
  is_pinned: z.boolean(),
  /** ISO 8601. */
  published_at: z.string(),
}) satisfies z.ZodType<AnnouncementSummary>;

export const announcementSchema = announcementSummarySchema.extend({ content: z.string(), content_html: z.string() }) satisfies z.ZodType<Announcement>;

export const hotTagSchema = z.strictObject({ id: rowId, name: z.string(), keyword: z.string(), href: z.string() }) satisfies z.ZodType<HotTag>;

/** GET home: everything the home page shows. */
export const homeDataSchema = z.strictObject({
  banners: z.array(bannerSchema),
  hotGames: z.array(gameRefSchema),
  hotCards: z.array(listingCardSchema),
  announcements: z.array(announcementSummarySchema),
  hotTags: z.array(hotTagSchema),
  sections: z.array(z.strictObject({ title: z.string(), game: gameRefSchema, listings: z.array(listingCardSchema) })),
}) satisfies z.ZodType<HomeData>;

/** GET detail/looking; viewed_at is ISO 8601. */
export const lookStatsSchema = z.strictObject({
  look_count: count,
  looking_count: count,
  list: z.array(z.strictObject({ name: z.string(), viewed_at: z.string() })),
}) satisfies z.ZodType<LookStats>;

/** GET detail/accountState: the caller's like and collection of a listing, and its counts. */
export const accountStateSchema = z.strictObject({
  is_collection: z.boolean(),
  is_liked: z.boolean(),
  like_count: count,
  collection_count: count,
});

/** GET rentalHall/gameList: where the raw game list is (root-relative). */
export const gameListUrlSchema = z.strictObject({ url: z.string() });

/** A game as the console's games page shows it (permission `games`). */
export const opsGameViewSchema = z.strictObject({
  id: rowId,
  name: z.string(),
  icon: z.string(),
  in_maintenance: z.boolean(),
  maintenance_status: flag01,
  is_suspended: flag01,
  maintenance_notice: z.string().nullable(),
  listed: count,
  running_rentals: count,
}) satisfies z.ZodType<OpsGameView>;

/** One recorded keyword; searched_at is ISO 8601, UTC. */
export const searchHistoryItemSchema = z.strictObject({ keyword: z.string(), searched_at: z.string() });

/** Newest first, at most SEARCH_HISTORY_LIMIT. */
export const searchHistoryListSchema = z.strictObject({ list: z.array(searchHistoryItemSchema) });

/** A saved hall search: the path and query to reopen (e.g. /zuhao/1.html?sort=price_asc); created_at ISO 8601, UTC. */
export const searchTemplateSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  path: z.string(),
  created_at: z.string(),
});

/** Newest first. */
export const searchTemplateListSchema = z.strictObject({ list: z.array(searchTemplateSchema) });

/** POST detail/like: the caller's like and the listing's count after the change. */
export const likeStateSchema = z.strictObject({ is_liked: z.boolean(), like_count: z.number().int().nonnegative() });

/** POST account/collect and account/uncollect: the caller's collection and the listing's count after the change. */
export const collectionStateSchema = z.strictObject({ is_collection: z.boolean(), collection_count: z.number().int().nonnegative() });

/** Newest collected first. */
export const collectionsPageSchema = pageSchema(listingCardSchema);

/** 找相似: the account the renter started from, so the page can say what it looked for. */
export const besimilarSourceSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  game_name: z.string(),
  game_path: z.string(),
  rental_fen: z.number().int().nonnegative(),
});

export const besimilarPageSchema = pageSchema(listingCardSchema).extend({ source: besimilarSourceSchema });

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const CATALOG_WIRE = {
  searchHistory: wire(CATALOG_ROUTES.searchHistory, { input: noInputSchema, answer: searchHistoryListSchema }),
  recordSearch: wire(CATALOG_ROUTES.recordSearch, { input: keywordBodySchema, answer: z.null() }),
  deleteSearch: wire(CATALOG_ROUTES.deleteSearch, { input: keywordBodySchema, answer: z.null() }),
  // The browser sent `{}`; the server never read it.
  clearSearchHistory: wire(CATALOG_ROUTES.clearSearchHistory, { input: noInputSchema, answer: z.null(), body: 'none' }),
  searchTemplates: wire(CATALOG_ROUTES.searchTemplates, { input: noInputSchema, answer: searchTemplateListSchema }),
  addSearchTemplate: wire(CATALOG_ROUTES.addSearchTemplate, { input: addTemplateBodySchema, answer: searchTemplateSchema }),
  deleteSearchTemplate: wire(CATALOG_ROUTES.deleteSearchTemplate, { input: templateIdBodySchema, answer: z.null() }),
  like: wire(CATALOG_ROUTES.like, { input: likeBodySchema, answer: likeStateSchema }),
  collect: wire(CATALOG_ROUTES.collect, { input: accountIdBodySchema, answer: collectionStateSchema }),
  uncollect: wire(CATALOG_ROUTES.uncollect, { input: accountIdBodySchema, answer: collectionStateSchema }),
  collections: wire(CATALOG_ROUTES.collections, { input: collectionsQuerySchema, answer: collectionsPageSchema }),
  besimilar: wire(CATALOG_ROUTES.besimilar, { input: besimilarQuerySchema, answer: besimilarPageSchema }),
  games: wire(CATALOG_ROUTES.games, { input: noInputSchema, answer: z.array(gameRefSchema) }),
  hotGames: wire(CATALOG_ROUTES.hotGames, { input: noInputSchema, answer: z.array(gameRefSchema) }),
  platforms: wire(CATALOG_ROUTES.platforms, { input: platformsQuerySchema, answer: z.array(platformSchema) }),
  zones: wire(CATALOG_ROUTES.zones, { input: zonesQuerySchema, answer: z.array(zoneSchema) }),
  hall: wire(CATALOG_ROUTES.hall, { input: hallQuerySchema, answer: pageSchema(listingCardSchema) }),
  similar: wire(CATALOG_ROUTES.similar, { input: similarQuerySchema, answer: z.array(listingCardSchema) }),
  specialOffers: wire(CATALOG_ROUTES.specialOffers, { input: specialOffersQuerySchema, answer: pageSchema(listingCardSchema) }),
  bargainGames: wire(CATALOG_ROUTES.bargainGames, { input: noInputSchema, answer: z.array(bargainGameSchema) }),
  gameListUrl: wire(CATALOG_ROUTES.gameListUrl, { input: noInputSchema, answer: gameListUrlSchema }),
  home: wire(CATALOG_ROUTES.home, { input: noInputSchema, answer: homeDataSchema }),
  banners: wire(CATALOG_ROUTES.banners, { input: noInputSchema, answer: z.array(bannerSchema) }),
  hotTags: wire(CATALOG_ROUTES.hotTags, { input: noInputSchema, answer: z.array(hotTagSchema) }),
  announcements: wire(CATALOG_ROUTES.announcements, { input: pageQuerySchema, answer: pageSchema(announcementSummarySchema) }),
  announcement: wire(CATALOG_ROUTES.announcement, { input: idQuerySchema, answer: announcementSchema }),
  listing: wire(CATALOG_ROUTES.listing, { input: accountQuerySchema, answer: listingDetailSchema }),
  accountState: wire(CATALOG_ROUTES.accountState, { input: accountQuerySchema, answer: accountStateSchema }),
  looking: wire(CATALOG_ROUTES.looking, { input: accountQuerySchema, answer: lookStatsSchema }),
  shops: wire(CATALOG_ROUTES.shops, { input: pageQuerySchema, answer: pageSchema(shopSummarySchema) }),
  shop: wire(CATALOG_ROUTES.shop, { input: idQuerySchema, answer: shopSummarySchema }),
  shopListings: wire(CATALOG_ROUTES.shopListings, { input: shopListingsQuerySchema, answer: pageSchema(listingCardSchema) }),
  opsGames: wire(CATALOG_ROUTES.opsGames, { input: noInputSchema, answer: z.array(opsGameViewSchema) }),
  opsGameMaintenance: wire(CATALOG_ROUTES.opsGameMaintenance, { input: opsGameMaintenanceBodySchema, answer: opsGameViewSchema }),
};
