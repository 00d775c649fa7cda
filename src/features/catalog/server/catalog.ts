/**
 * The catalogue (spec §3 listings, §7 call groups zuhao, detail and tejia, and the shops
 * of /dianpu): games, platforms and zones, the rental-hall search, a listing's detail, similar
 * listings, special offers and shops.
 *
 * Reads only. Every function takes the Db (either driver) and, where a listing's availability or
 * bookable-now is shown, the `now` it is evaluated at (STYLE: no clock read inside). Rows become
 * API shapes in catalog.reshape.ts only.
 *
 * The rental-hall query (searchListings) is one query for the page and one for the count. Every
 * filter is a plain predicate on `listings` (or a subquery on a small table), and each sort has a
 * partial index WHERE is_listed with id as the last key (drizzle/0001_catalog_home.sql), so a
 * page is the first rows of one index range and paging is stable. docs/benchmarks.md has the plan.
 * The default and price sorts lead with an availability rank evaluated at `now`; it
 * depends on the clock, so no index can hold it and those pages are a top-N sort of the matching
 * rows instead (still one statement, so paging stays exact).
 */
import { and, asc, count, desc, eq, exists, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { ID_MAX } from '~/platform/wire/common';
import { CATALOG_MAX_PAGE, CATALOG_MAX_PAGE_SIZE, DEFAULT_SIMILAR_LIMIT, HALL_PAGE_SIZE, MAX_SIMILAR_LIMIT, type GameListItem, type GameRef, type HallQuery, type HallSort, type ListingAttr, type ListingCard, type ListingDetail, type Page, type Platform, type Zone } from '~/features/catalog/contract/catalog';
import { ACCOUNT_TYPE_ATTR_NAME, HAFU_COIN_TIERS } from '~/platform/config/constants';
import { AVAILABILITY_RANK, CERT_TYPE, CODE_ACCOUNT_DELETED, LISTING_RECORD_MIN_RENTALS, THIRD_TYPE_UHAOZU } from '~/features/catalog/constants';
import { shanghaiMinuteOfDay } from '~/platform/rules/shanghai-time';
import type { Db, DbOrTx } from '~/platform/db/client';
import { games, listingAttrs, listingStats, listings, platforms, shops, zones } from '~/platform/db/schema';
import { recordOrderSql, recordSelection } from '~/features/catalog/server/listing-record';
import { AppError, notFound } from '~/platform/http/errors';
import { reshapeGame, reshapeGameListItem, reshapeListingCard, reshapeListingDetail, reshapeShop, type ListingCardRow, type ListingDetailRow } from '~/features/catalog/server/catalog.reshape';
import type { BargainGame, PageRequest, ShopSummary } from '~/features/catalog/server/catalog.types';

// ---------------------------------------------------------------------------------------------
// limits

// The paging limits are the wire contract's, so the API's 400 and the pages' clamping agree.
export const DEFAULT_PAGE_SIZE = HALL_PAGE_SIZE;
export const MAX_PAGE_SIZE = CATALOG_MAX_PAGE_SIZE;
/** Deepest page served: OFFSET grows with the page, and nobody reads 10,000 listings in order. */
export const MAX_PAGE = CATALOG_MAX_PAGE;
// The similar-listings limits are the wire contract's too (GET zuhao/similar's `limit`).
export { DEFAULT_SIMILAR_LIMIT, MAX_SIMILAR_LIMIT };
/** Keywords are split on whitespace; at most this many terms are used. */
export const MAX_KEYWORD_TERMS = 5;
/**
 * The hall's default order when no sort is asked for (the 综合 link): top-shelf listings first,
 * then popularity. 人气 (`popular`) is popularity alone. Lists that show it put the availability
 * rank in front (availabilityOrder).
 */
const RECOMMENDED_ORDER: SQL[] = [desc(listings.topShelf), desc(listings.popularity), desc(listings.id)];

/** spec §8 toast 账号已删除, with code -400 (spec §7 "game account detail ... code -400 = deleted"). */
export const MSG_ACCOUNT_DELETED = '账号已删除';
export const MSG_GAME_NOT_FOUND = '游戏不存在';
export const MSG_PLATFORM_NOT_FOUND = '平台不存在';
export const MSG_SHOP_NOT_FOUND = '店铺不存在';

/** Largest PostgreSQL integer: a larger id names no row (and must not reach the database as an error). */
const MAX_ROW_ID = ID_MAX;

/**
 * Whether `id` can name a row. Pages pass ids straight from their URL, so a non-integer or an
 * out-of-range number is answered like a missing row instead of failing in the database.
 */
export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}

/** The listing is gone: 404 with the spec's code -400, so the detail page sends the renter to deleted_page. */
export function accountDeleted(cause?: unknown): AppError {
  return new AppError(CODE_ACCOUNT_DELETED, MSG_ACCOUNT_DELETED, 404, cause === undefined ? {} : { cause });
}

/** A page request with defaults applied and bounds enforced (endpoints reject out-of-range input first). */
export function normalizePage(request: PageRequest | number | undefined, defaultSize = DEFAULT_PAGE_SIZE): Required<PageRequest> {
  const req: PageRequest = typeof request === 'number' ? { page: request } : (request ?? {});
  const page = Math.min(MAX_PAGE, Math.max(1, Math.trunc(req.page ?? 1) || 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(req.page_size ?? defaultSize) || defaultSize));
  return { page, page_size: pageSize };
}

// ---------------------------------------------------------------------------------------------
// games, platforms, zones

/** The game columns every game reference is read with (exported for free-rentals.ts). */
export const gameSelection = {
  id: games.id,
  name: games.name,
  slug: games.slug,
  icon: games.icon,
  maintenanceStatus: games.maintenanceStatus,
  isSuspended: games.isSuspended,
  hasHafuCoin: games.hasHafuCoin,
  maintenanceNotice: games.maintenanceNotice,
};

/** Every game, in the catalogue's order. */
export async function listGames(db: Db): Promise<GameRef[]> {
  const rows = await db.select(gameSelection).from(games).orderBy(asc(games.sort), asc(games.id));
  return rows.map(reshapeGame);
}

/** spec §7 rentalHall/gameList: the array the list URL returns, `[{ title, id }]`. */
export async function listGameListItems(db: Db): Promise<GameListItem[]> {
  const rows = await db.select({ id: games.id, name: games.name }).from(games).orderBy(asc(games.sort), asc(games.id));
  return rows.map(reshapeGameListItem);
}

/** Games marked hot (spec §7 zuhao "hot games"; the home page's game strip). */
export async function listHotGames(db: Db): Promise<GameRef[]> {
  const rows = await db.select(gameSelection).from(games).where(eq(games.isHot, true)).orderBy(asc(games.sort), asc(games.id));
  return rows.map(reshapeGame);
}

/** One game; 404 游戏不存在 when there is none. */
export async function getGame(db: Db, id: number): Promise<GameRef> {
  if (!isRowId(id)) throw notFound(MSG_GAME_NOT_FOUND);
  const [row] = await db.select(gameSelection).from(games).where(eq(games.id, id)).limit(1);
  if (!row) throw notFound(MSG_GAME_NOT_FOUND);
  return reshapeGame(row);
}

async function assertGameExists(db: Db, gameId: number): Promise<void> {
  if (!isRowId(gameId)) throw notFound(MSG_GAME_NOT_FOUND);
  const [row] = await db.select({ id: games.id }).from(games).where(eq(games.id, gameId)).limit(1);
  if (!row) throw notFound(MSG_GAME_NOT_FOUND);
}

/** The platforms of a game (spec §7 zuhao "platforms"); 404 when the game does not exist. */
export async function listPlatforms(db: Db, gameId: number): Promise<Platform[]> {
  if (!isRowId(gameId)) await assertGameExists(db, gameId);
  const rows = await db.select({ id: platforms.id, name: platforms.name }).from(platforms).where(eq(platforms.gameId, gameId)).orderBy(asc(platforms.id));
  if (rows.length === 0) await assertGameExists(db, gameId);
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

/**
 * The zones of a game (spec §7 zuhao "zones"). With a platform: its own zones and the zones shared
 * by every platform (platform_id null). 404 when the game does not exist or the platform is not
 * one of the game's.
 */
export async function listZones(db: Db, gameId: number, platformId?: number): Promise<Zone[]> {
  if (!isRowId(gameId)) await assertGameExists(db, gameId);
  if (platformId !== undefined && !isRowId(platformId)) throw notFound(MSG_PLATFORM_NOT_FOUND);
  if (platformId !== undefined) {
    const [platform] = await db
      .select({ id: platforms.id })
      .from(platforms)
      .where(and(eq(platforms.id, platformId), eq(platforms.gameId, gameId)))
      .limit(1);
    if (!platform) {
      await assertGameExists(db, gameId);
      throw notFound(MSG_PLATFORM_NOT_FOUND);
    }
  }
  const rows = await db
    .select({ id: zones.id, name: zones.name, platformId: zones.platformId })
    .from(zones)
    .where(and(eq(zones.gameId, gameId), platformId === undefined ? undefined : or(eq(zones.platformId, platformId), isNull(zones.platformId))))
    .orderBy(asc(zones.id));
  if (rows.length === 0 && platformId === undefined) await assertGameExists(db, gameId);
  return rows.map((row) => ({ id: row.id, name: row.name, platform_id: row.platformId }));
}

// ---------------------------------------------------------------------------------------------
// listing cards

/** The account-type attribute (spec §3 attrs: 哈夫币号 / 皮肤号), one indexed lookup per card. */
const accountTypeOfListing = sql<string | null>`(select ${listingAttrs.value} from ${listingAttrs} where ${listingAttrs.listingId} = ${listings.id} and ${listingAttrs.attrName} = ${ACCOUNT_TYPE_ATTR_NAME})`;

/** The columns of a ListingCardRow: listings joined with its game, shop, platform and zone. */
const cardSelection = {
  id: listings.id,
  title: listings.title,
  cover: sql<string | null>`${listings.imgs} ->> 0`,
  gameId: listings.gameId,
  rentalFen: listings.rentalFen,
  minRentalHours: listings.minRentalHours,
  depositFen: listings.depositFen,
  isRented: listings.isRented,
  isReservation: listings.isReservation,
  isListed: listings.isListed,
  isUseBargain: listings.isUseBargain,
  isUseVipDiscount: listings.isUseVipDiscount,
  topShelf: listings.topShelf,
  isInsurance: listings.isInsurance,
  thirdType: listings.thirdType,
  rentalTime: listings.rentalTime,
  gameMoney: listings.gameMoney,
  moneyExchangeRate: listings.moneyExchangeRate,
  activityDiscount: listings.activityDiscount,
  promoRentalHours: listings.promoRentalHours,
  promoBonusHours: listings.promoBonusHours,
  dailyRental: listings.dailyRental,
  tenHourRental: listings.tenHourRental,
  weeklyRental: listings.weeklyRental,
  morningRental: listings.morningRental,
  afternoonRental: listings.afternoonRental,
  nightRental: listings.nightRental,
  popularity: listings.popularity,
  createdAt: listings.createdAt,
  gameName: games.name,
  gameMaintenanceStatus: games.maintenanceStatus,
  gameIsSuspended: games.isSuspended,
  gameHasHafuCoin: games.hasHafuCoin,
  platformName: platforms.name,
  zoneName: zones.name,
  certType: shops.certType,
  accountType: accountTypeOfListing,
  ...recordSelection,
};

/**
 * `select <card columns> from listings join games, shops left join platforms, zones`. Exported for
 * listing-interactions.ts (the collections list), so every card comes from this one selection.
 */
export function selectCards(db: Db) {
  return db
    .select(cardSelection)
    .from(listings)
    .innerJoin(games, eq(games.id, listings.gameId))
    .innerJoin(shops, eq(shops.id, listings.shopId))
    .leftJoin(platforms, eq(platforms.id, listings.platformId))
    .leftJoin(zones, eq(zones.id, listings.zoneId))
    // One primary-key probe per card: the record is kept counted (listing-record.ts).
    .leftJoin(listingStats, eq(listingStats.listingId, listings.id));
}

function toCards(rows: ListingCardRow[], now: Date): ListingCard[] {
  return rows.map((row) => reshapeListingCard(row, now));
}

/**
 * Written as the bare column so the planner matches the partial indexes' `WHERE is_listed`
 * (`is_listed = true` is simplified to the same thing, but this says it plainly).
 */
const isListed: SQL = sql`${listings.isListed}`;

/**
 * The hourly price a card shows (shownHourlyFen in src/features/activities/rules/activity.ts): the list price times
 * the activity discount, half up to the fen. rental_fen is a non-negative integer and
 * activity_discount a numeric(3,2) in (0, 1] (listings_activity_discount_check), so the product is
 * numeric and round() takes a half away from zero, which is half up here: the same figure as the
 * rule's applyFactorFen, on PGlite and PostgreSQL alike; no discount (null) or 1 leaves the list
 * price. The tejia sort key and the hall's price sorts (a price sort orders by the figure
 * the renter sees); the listings_tejia_* indexes are on this same expression.
 */
const effectiveRentalFen: SQL = sql`round(${listings.rentalFen} * coalesce(${listings.activityDiscount}, 1))`;

const RECORD_ORDER = recordOrderSql(LISTING_RECORD_MIN_RENTALS);

/** Sort keys of the hall, each ending in id so equal keys keep one order across pages. */
const HALL_ORDER: Record<HallSort, SQL[]> = {
  popular: [desc(listings.popularity), desc(listings.id)],
  price_asc: [asc(effectiveRentalFen), asc(listings.id)],
  price_desc: [desc(effectiveRentalFen), desc(listings.id)],
  newest: [desc(listings.createdAt), desc(listings.id)],
  // 口碑优先: a record first, then 上号成功率, then rentals (listing_stats joined; see hallQueries).
  record: [desc(RECORD_ORDER.hasRecord), desc(RECORD_ORDER.successPermille), desc(RECORD_ORDER.rentals), desc(listings.id)],
};

/**
 * The sorts that put what can be rented now first (不可租, 维护中 and 非可租时段 must not
 * lead the default and price sorts). 人气 and 最新 are asked for by name and mean just that.
 */
const RANKED_SORTS: ReadonlySet<HallSort | undefined> = new Set([undefined, 'price_asc', 'price_desc']);

/** rental_time as parseRentalTime accepts it: two HH:mm (00:00-23:59) joined by '-', nothing else. */
const RENTAL_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$';
/** Whitespace only: isWithinRentalTime reads a blank rental_time as all day. */
const BLANK_PATTERN = '^[[:space:]]*$';

/**
 * isWithinRentalTime (src/features/catalog/rules/availability.ts) in SQL, for the Shanghai minute of day
 * `minute`: blank is all day, malformed is never (fail closed), the end minute is included and a
 * start after the end crosses midnight. The minute is computed by the rules from `now`, so the
 * database clock and zone play no part. The regex guards the casts (CASE evaluates in order);
 * listings_rental_time_check already refuses a blank or malformed value, and the first two
 * branches keep the rule's reading should that check ever be relaxed.
 */
function withinRentalTimeSql(minute: number): SQL<boolean> {
  const rentalTime = listings.rentalTime;
  const fromMin = sql`(substr(${rentalTime}, 1, 2)::int * 60 + substr(${rentalTime}, 4, 2)::int)`;
  const toMin = sql`(substr(${rentalTime}, 7, 2)::int * 60 + substr(${rentalTime}, 10, 2)::int)`;
  const at = sql`${minute}::int`;
  return sql<boolean>`(case
    when ${rentalTime} is null or ${rentalTime} ~ ${BLANK_PATTERN} then true
    when ${rentalTime} !~ ${RENTAL_TIME_PATTERN} then false
    when ${fromMin} <= ${toMin} then ${at} between ${fromMin} and ${toMin}
    else ${at} >= ${fromMin} or ${at} <= ${toMin}
  end)`;
}

/**
 * availabilityRank (src/features/catalog/rules/listing-rank.ts) of the outer listing at `now`, from the same
 * inputs the rules read: listingAvailability (listed, the game's maintenance, rented, reservable)
 * and isBookableNow (uhaozu, rented, rental_time). The game's maintenance is a subquery on the
 * small games table, so the hall's page query still reads listings alone.
 */
export function availabilityRankSql(db: Db, now: Date): SQL<number> {
  const inMaintenance = inArray(
    listings.gameId,
    db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.maintenanceStatus, 1), eq(games.isSuspended, 1))),
  );
  const { bookable, reservable, unavailable } = AVAILABILITY_RANK;
  return sql<number>`(case
    when not ${listings.isListed} then ${unavailable}::int
    when ${inMaintenance} then ${unavailable}::int
    when ${listings.isRented} then (case when ${listings.isReservation} then ${reservable}::int else ${unavailable}::int end)
    when ${listings.thirdType} is not null and ${listings.thirdType} = ${THIRD_TYPE_UHAOZU} then ${bookable}::int
    when ${withinRentalTimeSql(shanghaiMinuteOfDay(now))} then ${bookable}::int
    else ${reservable}::int
  end)`;
}

/** `order` with the availability rank in front: bookable, then reservable, then the rest. */
function availabilityOrder(db: Db, now: Date, order: readonly SQL[]): SQL[] {
  return [asc(availabilityRankSql(db, now)), ...order];
}

/** `column = id`, or false for an id no row can have (see isRowId). */
function idEquals(column: typeof listings.gameId | typeof listings.platformId | typeof listings.zoneId | typeof listings.shopId, id: number): SQL {
  return isRowId(id) ? eq(column, id) : sql`false`;
}

/** `%term%` for ILIKE with the term's own %, _ and \ taken literally (backslash is LIKE's escape). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Whitespace-separated terms of a keyword (at most MAX_KEYWORD_TERMS); none for a blank one. */
export function keywordTerms(keyword: string | undefined): string[] {
  if (!keyword) return [];
  return keyword.trim().split(/\s+/u).filter(Boolean).slice(0, MAX_KEYWORD_TERMS);
}

/** hafu_tier → game_money range [from, to) in coins (spec §9 tiers at 1M, 10M and 100M; hafu.ts hafuTier). */
const [ONE_MILLION, TEN_MILLION, HUNDRED_MILLION] = HAFU_COIN_TIERS;
const HAFU_TIER_RANGE: Record<NonNullable<HallQuery['hafu_tier']>, [number, number | null]> = {
  // An account with no coins is not a hafu-coin account, so the lowest tier starts at 1 coin.
  lt1m: [1, ONE_MILLION],
  '1m': [ONE_MILLION, TEN_MILLION],
  '10m': [TEN_MILLION, HUNDRED_MILLION],
  '100m': [HUNDRED_MILLION, null],
};

const PERIOD_COLUMN = {
  daily_rental: listings.dailyRental,
  ten_hour_rental: listings.tenHourRental,
  weekly_rental: listings.weeklyRental,
  morning_rental: listings.morningRental,
  afternoon_rental: listings.afternoonRental,
  night_rental: listings.nightRental,
} as const;

/** Yuan (at most two decimals) → fen, exactly for what the endpoint lets through. */
function yuanToFenRounded(yuan: number): number {
  return Math.round(yuan * 100);
}

/** The text the keyword index covers (listings_search_bigrams_idx): the same expression, or no index. */
const searchText: SQL = sql`hall_bigrams(${listings.title} || ' ' || ${listings.roleName})`;

/** For each keyword term, the games whose name contains it (games is a small table). */
async function gamesMatchingTerms(db: Db, terms: readonly string[]): Promise<Map<string, number[]>> {
  const matches = new Map<string, number[]>();
  if (terms.length === 0) return matches;
  const rows = await db.select({ id: games.id, name: games.name }).from(games);
  for (const term of terms) {
    const needle = term.toLowerCase();
    matches.set(term, rows.filter((row) => row.name.toLowerCase().includes(needle)).map((row) => row.id));
  }
  return matches;
}

/**
 * The WHERE of the rental hall: listed listings matching every filter of the query. Each filter
 * is a predicate on listings itself, or an IN / EXISTS on a small table, so the count needs no join.
 * `keywordGameIds` holds, per keyword term, the games whose name contains it (gamesMatchingTerms).
 */
export function hallConditions(db: Db, query: HallQuery, keywordGameIds: ReadonlyMap<string, number[]> = new Map()): SQL[] {
  const conditions: SQL[] = [isListed];
  if (query.game_id !== undefined) conditions.push(idEquals(listings.gameId, query.game_id));
  if (query.platform_id !== undefined) conditions.push(idEquals(listings.platformId, query.platform_id));
  if (query.zone_id !== undefined) conditions.push(idEquals(listings.zoneId, query.zone_id));

  for (const term of keywordTerms(query.keyword)) {
    const pattern = containsPattern(term);
    let inText: SQL = sql`(${listings.title} ilike ${pattern} or ${listings.roleName} ilike ${pattern})`;
    // Two characters or more: the bigram index finds the candidates, ILIKE confirms them.
    if (Array.from(term).length >= 2) inText = sql`(${searchText} @> hall_bigrams(${term}) and ${inText})`;
    // A term also matches listings of a game whose name contains it (a hot tag like 三角洲行动),
    // with the game ids resolved beforehand so the OR stays index-friendly.
    const gameIds = keywordGameIds.get(term) ?? [];
    conditions.push(gameIds.length > 0 ? or(inText, inArray(listings.gameId, gameIds))! : inText);
  }

  if (query.price_min !== undefined) conditions.push(gte(listings.rentalFen, yuanToFenRounded(query.price_min)));
  if (query.price_max !== undefined) conditions.push(sql`${listings.rentalFen} <= ${yuanToFenRounded(query.price_max)}`);
  if (query.period !== undefined) conditions.push(sql`${PERIOD_COLUMN[query.period]}`);
  if (query.no_deposit) conditions.push(eq(listings.depositFen, 0));
  if (query.vip_discount) conditions.push(sql`${listings.isUseVipDiscount}`);
  if (query.insurance) conditions.push(sql`${listings.isInsurance}`);
  if (query.bargain) conditions.push(sql`${listings.isUseBargain}`);
  if (query.owner !== undefined) {
    const certType = query.owner === 'merchant' ? CERT_TYPE.merchant : CERT_TYPE.store;
    conditions.push(inArray(listings.shopId, db.select({ id: shops.id }).from(shops).where(eq(shops.certType, certType))));
  }
  if (query.hafu_tier !== undefined) {
    const [from, to] = HAFU_TIER_RANGE[query.hafu_tier];
    conditions.push(gte(listings.gameMoney, from));
    if (to !== null) conditions.push(lt(listings.gameMoney, to));
  }
  if (query.account_type !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(listingAttrs)
          .where(
            and(
              eq(listingAttrs.listingId, listings.id),
              eq(listingAttrs.attrName, ACCOUNT_TYPE_ATTR_NAME),
              eq(listingAttrs.value, query.account_type),
            ),
          ),
      ),
    );
  }
  return conditions;
}

async function countListings(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(where);
  return Number(row?.n ?? 0);
}

/**
 * The two statements of a hall query, unexecuted: the page of card rows and the count. Exported for
 * scripts/bench-catalog.ts, which times searchListings and EXPLAINs these statements.
 *
 * The page picks its ids from listings alone (filter, order, limit) and joins games, shops,
 * platforms, zones and the account type for those rows only: when the planner misjudges how
 * many rows match (correlated filters such as a hafu tier and 哈夫币号), it still never joins more
 * than one page. `now` (for the availability rank) defaults to the current instant only for the
 * bench script, whose EXPLAINs do not depend on it; searchListings always passes its own.
 */
export async function hallQueries(db: Db, query: HallQuery, now: Date = new Date()) {
  const { page, page_size } = normalizePage(query);
  const keywordGameIds = await gamesMatchingTerms(db, keywordTerms(query.keyword));
  const where = and(...hallConditions(db, query, keywordGameIds));
  const sortOrder = query.sort ? HALL_ORDER[query.sort] : RECOMMENDED_ORDER;
  const order = RANKED_SORTS.has(query.sort) ? availabilityOrder(db, now, sortOrder) : sortOrder;
  // Only 口碑优先 reads listing_stats to order; every other sort still picks its page from listings alone.
  const pageIds = (query.sort === 'record'
    ? db.select({ id: listings.id }).from(listings).leftJoin(listingStats, eq(listingStats.listingId, listings.id))
    : db.select({ id: listings.id }).from(listings))
    .where(where)
    .orderBy(...order)
    .limit(page_size)
    .offset((page - 1) * page_size)
    .as('page_ids');
  return {
    page,
    page_size,
    rows: selectCards(db)
      .innerJoin(pageIds, eq(pageIds.id, listings.id))
      .orderBy(...order),
    count: db.select({ n: count() }).from(listings).where(where),
  };
}

/**
 * The rental hall (spec §7 zuhao "account list"; filters, sorts and pagination): listed
 * listings only, every HallQuery filter, sort price_asc / price_desc / popular / newest (no sort:
 * top shelf first, then popularity) with id breaking ties, page_size 20 by default and 60 at most.
 * The default and price sorts put bookable-now listings first, then reservable ones, then the rest
 *, evaluated at `now`. One query for the page and one for the count, run side by side.
 */
export async function searchListings(db: Db, query: HallQuery, now: Date): Promise<Page<ListingCard>> {
  const { page, page_size, rows, count: countQuery } = await hallQueries(db, query, now);
  const [cardRows, [totalRow]] = await Promise.all([rows, countQuery]);
  return { list: toCards(cardRows, now), total: Number(totalRow?.n ?? 0), page, page_size };
}

// ---------------------------------------------------------------------------------------------
// detail and similar

const detailSelection = {
  ...cardSelection,
  roleName: listings.roleName,
  description: listings.description,
  imgs: listings.imgs,
  gameSlug: games.slug,
  gameIcon: games.icon,
  gameMaintenanceNotice: games.maintenanceNotice,
  shopId: shops.id,
  shopName: shops.name,
};

/**
 * A listing's detail (spec §7 "game account detail", §3 fields). A listing that is no longer
 * listed still shows, with availability 'unavailable' (spec §4); only a listing that does not
 * exist, that its seller deleted, or that the platform took down is "deleted": 404
 * with code -400 and 账号已删除, which sends the page to deleted_page.
 */
export async function getListingDetail(db: DbOrTx, id: number, now: Date): Promise<ListingDetail> {
  if (!isRowId(id)) throw accountDeleted();
  // The attributes come with the row (one statement: this read is on every order's path, issue 27).
  const attrsOfListing = sql<ListingAttr[]>`(select coalesce(json_agg(json_build_object('attr_name', ${listingAttrs.attrName}, 'value', ${listingAttrs.value}) order by ${listingAttrs.id}), '[]'::json) from ${listingAttrs} where ${listingAttrs.listingId} = ${listings.id})`;
  const [found] = await db
    .select({ ...detailSelection, attrs: attrsOfListing })
    .from(listings)
    .innerJoin(games, eq(games.id, listings.gameId))
    .innerJoin(shops, eq(shops.id, listings.shopId))
    .leftJoin(platforms, eq(platforms.id, listings.platformId))
    .leftJoin(zones, eq(zones.id, listings.zoneId))
    .leftJoin(listingStats, eq(listingStats.listingId, listings.id))
    // A listing its seller deleted (kept for order history) is gone for renters too, and
    // so is one the platform took down: its title or pictures may be why.
    .where(and(eq(listings.id, id), ne(listings.sellerState, 'deleted'), isNull(listings.heldAt)))
    .limit(1);
  if (!found) throw accountDeleted();
  const { attrs, ...row } = found;
  return reshapeListingDetail(row satisfies ListingDetailRow, attrs, now);
}

/**
 * Similar accounts (spec §7 zuhao "similar accounts"): listed listings of the same game, nearest
 * hourly price first (then popularity), never the listing itself. A missing listing is "deleted".
 */
export async function listSimilarListings(db: Db, id: number, limit: number, now: Date): Promise<ListingCard[]> {
  if (!isRowId(id)) throw accountDeleted();
  const [self] = await db.select({ gameId: listings.gameId, rentalFen: listings.rentalFen }).from(listings).where(eq(listings.id, id)).limit(1);
  if (!self) throw accountDeleted();
  const take = Math.min(MAX_SIMILAR_LIMIT, Math.max(1, Math.trunc(limit) || DEFAULT_SIMILAR_LIMIT));
  const rows = await selectCards(db)
    .where(and(isListed, eq(listings.gameId, self.gameId), ne(listings.id, id)))
    .orderBy(sql`abs(${listings.rentalFen} - ${self.rentalFen})`, desc(listings.popularity), asc(listings.id))
    .limit(take);
  return toCards(rows, now);
}

// ---------------------------------------------------------------------------------------------
// special offers (spec §7 tejia)

/** A special offer: an activity discount, or the owner accepts bargaining (partial index predicate). */
const isSpecialOffer: SQL = sql`(${listings.activityDiscount} is not null or ${listings.isUseBargain})`;

export interface SpecialOfferQuery extends PageRequest {
  game_id?: number;
}

/** Special-offer listings (spec §7 tejia "special-offer accounts"), cheapest effective price first. */
export async function listSpecialOffers(db: Db, query: SpecialOfferQuery, now: Date): Promise<Page<ListingCard>> {
  const { page, page_size } = normalizePage(query);
  const where = and(isListed, isSpecialOffer, query.game_id === undefined ? undefined : idEquals(listings.gameId, query.game_id));
  const [rows, total] = await Promise.all([
    selectCards(db)
      .where(where)
      .orderBy(asc(effectiveRentalFen), asc(listings.id))
      .limit(page_size)
      .offset((page - 1) * page_size),
    countListings(db, where),
  ]);
  return { list: toCards(rows, now), total, page, page_size };
}

/** Games that have special offers, with how many (spec §7 tejia "bargain games"), in catalogue order. */
export async function listBargainGames(db: Db): Promise<BargainGame[]> {
  const offers = db
    .select({ gameId: listings.gameId, n: count().as('n') })
    .from(listings)
    .where(and(isListed, isSpecialOffer))
    .groupBy(listings.gameId)
    .as('offers');
  const rows = await db
    .select({ ...gameSelection, listingCount: offers.n })
    .from(games)
    .innerJoin(offers, eq(offers.gameId, games.id))
    .orderBy(asc(games.sort), asc(games.id));
  return rows.map((row) => ({ ...reshapeGame(row), listing_count: Number(row.listingCount) }));
}

// ---------------------------------------------------------------------------------------------
// shops (/dianpu)

/**
 * Listed accounts of the shop of the outer row (an index-only scan of listings_shop_popular_idx).
 * shops.id is spelled out qualified: drizzle leaves columns of a single-table select list bare,
 * and a bare "id" inside this subquery would be the listing's.
 */
const shopListingCount = sql<number>`(select count(*)::int from ${listings} where ${listings.shopId} = ${sql.identifier('shops')}.${sql.identifier('id')} and ${listings.isListed})`;

const shopSelection = {
  id: shops.id,
  name: shops.name,
  logo: shops.logo,
  certType: shops.certType,
  createdAt: shops.createdAt,
  listingCount: shopListingCount,
};

/** The shop list: most listed accounts first. */
export async function listShops(db: Db, paging: PageRequest | number = {}): Promise<Page<ShopSummary>> {
  const { page, page_size } = normalizePage(paging);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(shopSelection)
      .from(shops)
      .orderBy(desc(shopListingCount), asc(shops.id))
      .limit(page_size)
      .offset((page - 1) * page_size),
    db.select({ n: count() }).from(shops),
  ]);
  return { list: rows.map((row) => reshapeShop({ ...row, listingCount: Number(row.listingCount) })), total: Number(totalRow?.n ?? 0), page, page_size };
}

/** One shop with its listed-account count; 404 店铺不存在. */
export async function getShop(db: Db, id: number): Promise<ShopSummary> {
  if (!isRowId(id)) throw notFound(MSG_SHOP_NOT_FOUND);
  const [row] = await db.select(shopSelection).from(shops).where(eq(shops.id, id)).limit(1);
  if (!row) throw notFound(MSG_SHOP_NOT_FOUND);
  return reshapeShop({ ...row, listingCount: Number(row.listingCount) });
}

/**
 * A shop's listed accounts in the hall's default order (availability rank at `now`, top shelf,
 * popularity); 404 when the shop does not exist.
 */
export async function listShopListings(db: Db, shopId: number, paging: PageRequest | number, now: Date): Promise<Page<ListingCard>> {
  if (!isRowId(shopId)) throw notFound(MSG_SHOP_NOT_FOUND);
  const { page, page_size } = normalizePage(paging);
  const where = and(isListed, eq(listings.shopId, shopId));
  const [[shop], rows, total] = await Promise.all([
    db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).limit(1),
    selectCards(db)
      .where(where)
      .orderBy(...availabilityOrder(db, now, RECOMMENDED_ORDER))
      .limit(page_size)
      .offset((page - 1) * page_size),
    countListings(db, where),
  ]);
  if (!shop) throw notFound(MSG_SHOP_NOT_FOUND);
  return { list: toCards(rows, now), total, page, page_size };
}

// ---------------------------------------------------------------------------------------------
// for the home page (home.ts)

/**
 * The first `limit` listed cards in the hall's default order, optionally of one game (no count):
 * 热租账号 and the home sections. Bookable-now first, evaluated at `now`.
 */
export async function listTopCards(db: Db, options: { gameId?: number; limit: number }, now: Date): Promise<ListingCard[]> {
  const rows = await selectCards(db)
    .where(and(isListed, options.gameId === undefined ? undefined : idEquals(listings.gameId, options.gameId)))
    .orderBy(...availabilityOrder(db, now, RECOMMENDED_ORDER))
    .limit(options.limit);
  return toCards(rows, now);
}
