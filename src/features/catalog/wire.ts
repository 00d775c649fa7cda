/**
 * The catalogue's routes with their schemas (routes.ts declares them; the endpoints serve them
 * through platform/http/serve.ts and tests read the answer schemas). The answer types of the
 * contract (contract/user-catalog.ts, contract/besimilar.ts) are these schemas' outputs.
 */
import { z } from 'zod';
import { HALL_KEYWORD_MAX_LENGTH, type ListingCard, type RentalPeriodFlags } from '~/features/catalog/contract/catalog';
import { AVAILABILITY_LABEL, type Availability } from '~/features/catalog/rules/availability';
import { LIKE_SCENE, LIKE_TYPE_ACCOUNT, TEMPLATE_NAME_MAX_CHARS } from '~/features/catalog/rules/user-catalog';
import { CATALOG_ROUTES } from '~/features/catalog/routes';
import { RENTAL_PERIOD_FLAGS } from '~/features/orders/rules/periods';
import { BESIMILAR_PAGE_SIZE_MAX, COLLECTIONS_PAGE_SIZE_MAX } from '~/platform/config/constants';
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
}) satisfies z.ZodType<ListingCard>;

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
};
