/**
 * The catalogue as the API sends it and the pages and islands read it (spec §3 field names).
 * Money crosses the API as yuan strings with two decimals ("12.50", spec §7 "2 decimals"); the
 * rules (src/platform/rules and each feature's rules/) work in integer fen, and `*_fen` fields carry the exact amounts beside
 * the display strings so nobody parses money back from text.
 * Rows become these shapes in one place: src/features/catalog/server/catalog.reshape.ts.
 *
 * The shapes a rule computes on (availability, activity, rental periods) are declared by that
 * rule and re-exported here: the contract may import rules, rules import nothing app-specific.
 * The query schemas below are the one source of truth for the rental hall's URL: the API parses
 * them strictly (a 400 naming the field, src/platform/http/http.ts readQuery) and the pages leniently
 * (src/features/catalog/hall-url.ts: a bad value falls back to its default, field by field).
 */
import { z } from 'zod';
import type { ListingActivity } from '~/features/activities/rules/activity';
import type { Availability } from '~/features/catalog/rules/availability';
import { RENTAL_PERIOD_FLAGS, type RentalPeriodFlags } from '~/features/orders/rules/periods';
import { optionalQuery, queryIdSchema, queryIntSchema, withQueryReason } from '~/platform/wire/common';

// Query pieces shared by every call group live in common.ts; re-exported for the catalogue's readers.
export { optionalQuery, parseIdParam, queryIdSchema, queryIntSchema } from '~/platform/wire/common';

export type { Availability, ListingActivity, RentalPeriodFlags };
export type { RentalPromotion } from '~/features/activities/rules/activity';
export { RENTAL_PERIOD_FLAGS };

/** spec §3 merchantInfo.cert_type: 1 = store, 2 = merchant; 0 = an individual (ours). */
export type CertType = 0 | 1 | 2;

export interface ListingAttr {
  attr_name: string;
  value: string;
}

export interface GameRef {
  id: number;
  name: string;
  slug: string;
  icon: string;
  /** spec §3 game.maintenance_status and game.is_suspended (0/1). */
  maintenance_status: 0 | 1;
  is_suspended: 0 | 1;
  /** What the operator tells renters while the game is in maintenance (e.g. 预计18:00恢复); null otherwise. */
  maintenance_notice: string | null;
  has_hafu_coin: boolean;
}

/** spec §3 "Game list item": title and id, mapped to label and value by the client. */
export interface GameListItem {
  title: string;
  id: number;
}

export interface GameOption {
  label: string;
  value: number;
}

export interface Platform {
  id: number;
  name: string;
}

export interface Zone {
  id: number;
  name: string;
  platform_id: number | null;
}

/**
 * A listing's own record (issue 26), or a shop's (the sums over its listings): figures from real
 * orders, kept in listing_stats. Rates are whole percents, null while is_new (新上架，暂无记录).
 */
export interface ListingRecord {
  rentals: number;
  is_new: boolean;
  /** 上号成功率: rentals without a login failure over rentals, rounded down. */
  success_rate: number | null;
  /** 投诉率: rentals with a complaint over rentals, rounded up. */
  complaint_rate: number | null;
  /** The owner's median time to first answer a complaint, in seconds; null before any answer. */
  median_reply_seconds: number | null;
}

/** What a list (hall, home, tejia, shop page) shows of one listing. */
export interface ListingCard {
  id: number;
  title: string;
  /** First image, the cover. */
  cover: string;
  game_id: number;
  game_name: string;
  /** Link to the game's rental hall, e.g. /zuhao/3.html (spec game_path). */
  game_path: string;
  platform_name: string | null;
  zone_name: string | null;
  /** Hourly price. */
  rental: string;
  rental_fen: number;
  /** Minimum rental period in hours (spec min_rental_period). */
  min_rental_period: number;
  deposit: string;
  deposit_fen: number;
  is_merchant: boolean;
  is_store: boolean;
  is_insurance: boolean;
  is_use_vip_discount: boolean;
  is_use_bargain: boolean;
  top_shelf: boolean;
  popularity: number;
  availability: Availability;
  /** spec §4 bookable now, evaluated by the server at response time. */
  bookable_now: boolean;
  /** Hafu coins on the account (0 when none) and the prepay in yuan (game_money / rate). */
  game_money: number;
  money_exchange_rate: number | null;
  hafuCoinPrepay: string | null;
  /** 哈夫币号 / 皮肤号 for the hafu-coin game; null otherwise. */
  account_type: string | null;
  activity: ListingActivity;
  rental_period: RentalPeriodFlags;
  record: ListingRecord;
}

/** spec §3 account listing, everything a renter cares about on the detail page. */
export interface ListingDetail extends ListingCard {
  imgs: string[];
  role_name: string;
  /** The seller's own words about the account ('' when none), plain text with line breaks. */
  description: string;
  attrs: ListingAttr[];
  game: GameRef;
  gameInfo: { name: string };
  merchantInfo: { id: number; name: string; cert_type: CertType };
  is_rented: boolean;
  is_reservation: boolean;
  is_listed: boolean;
  third_type: string | null;
  /** 'HH:mm-HH:mm', may cross midnight. */
  rental_time: string;
  created_at: string;
}

// ---------------------------------------------------------------------------------------------
// What the catalogue, home, shop and detail reads answer besides listings (the services build
// them, the routes of routes.ts name them).

/** A page request: 1-based page, page_size defaulted and capped by the service. */
export interface PageRequest {
  page?: number;
  page_size?: number;
}

/** A game of the special-offer page (spec §7 tejia "bargain games") with how many offers it has. */
export interface BargainGame extends GameRef {
  listing_count: number;
}

/** A shop as the shop list (/dianpu) and a shop's page show it. */
export interface ShopSummary {
  id: number;
  name: string;
  logo: string | null;
  /** spec §3 merchantInfo.cert_type: 1 = store, 2 = merchant, 0 = individual. */
  cert_type: CertType;
  is_merchant: boolean;
  is_store: boolean;
  /** Listed accounts of the shop. */
  listing_count: number;
  created_at: string;
}

/** A banner ad of the home carousel (spec §7 home "ad list"). */
export interface Banner {
  id: number;
  title: string;
  image: string;
  href: string;
}

/** An announcement in a list: the title, a short summary and when it was published. */
export interface AnnouncementSummary {
  id: number;
  title: string;
  summary: string;
  is_pinned: boolean;
  /** ISO 8601. */
  published_at: string;
}

/** An announcement's detail page (spec §7 home "announcements list and detail"). */
export interface Announcement extends AnnouncementSummary {
  /** The Markdown as written. */
  content: string;
  /** The content rendered by the server's one Markdown renderer: safe to put in a page as it is. */
  content_html: string;
}

/** A hot search tag under the home search box (spec §7 home "hot tags"). */
export interface HotTag {
  id: number;
  name: string;
  keyword: string;
  /** Where a click goes: the tag's own link, else the hall searching its keyword. */
  href: string;
}

/** A home section of recommended listings for one hot game. */
export interface HomeSection {
  title: string;
  game: GameRef;
  listings: ListingCard[];
}

/** Everything the home page shows (spec §7 home call group, "Home"). */
export interface HomeData {
  banners: Banner[];
  hotGames: GameRef[];
  /** Top listings by popularity (spec "hot cards"). */
  hotCards: ListingCard[];
  /** The latest announcements, pinned first. */
  announcements: AnnouncementSummary[];
  hotTags: HotTag[];
  sections: HomeSection[];
}

/** One visitor looking at a listing now (detail/looking). */
export interface LookingViewer {
  /** 游客 plus the last four characters of the visitor's random session id. */
  name: string;
  viewed_at: string;
}

/** detail/looking: the listing's page views and who looked at it in the last minutes. */
export interface LookStats {
  look_count: number;
  looking_count: number;
  list: LookingViewer[];
}

/** Sort keys of the rental hall: price, popularity, newest. */
export type HallSort = 'price_asc' | 'price_desc' | 'popular' | 'newest' | 'record';

/** The sorts a visitor can ask for; no sort means 综合 (top shelf first, then popularity). */
export const HALL_SORTS = ['price_asc', 'price_desc', 'popular', 'newest', 'record'] as const satisfies readonly HallSort[];

/** Rental hall filters; every one lives in the URL query under the same name. */
export interface HallQuery {
  game_id?: number;
  platform_id?: number;
  zone_id?: number;
  keyword?: string;
  /** Hourly price range in yuan, inclusive. */
  price_min?: number;
  price_max?: number;
  /** Offers this period (besides hourly, which every listing offers). */
  period?: keyof RentalPeriodFlags;
  no_deposit?: boolean;
  vip_discount?: boolean;
  /** merchant (cert_type 2) or store (cert_type 1). */
  owner?: 'merchant' | 'store';
  insurance?: boolean;
  bargain?: boolean;
  /** Hafu-coin amount tier, spec §9: under 1M, 1M+, 10M+, 100M+. */
  hafu_tier?: 'lt1m' | '1m' | '10m' | '100m';
  /** Value of the account-type attribute (哈夫币号 / 皮肤号). */
  account_type?: string;
  sort?: HallSort;
  page?: number;
  page_size?: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

// ---------------------------------------------------------------------------------------------
// Query strings (spec §7: GET sends form encoding, so every value arrives as a string). An empty
// value (`price_min=` from a form) counts as absent; unknown keys are ignored, because a shared
// hall URL may carry channel parameters (spec §1: a, b, c, bd_vid ...).
// ---------------------------------------------------------------------------------------------

/** Deepest page of any catalogue list; the API refuses more, a page link is clamped to it. */
export const CATALOG_MAX_PAGE = 500;
/** Largest page size a caller may ask for. */
export const CATALOG_MAX_PAGE_SIZE = 60;
/** Listings per page of the hall pages (the API's default page size is the same). */
export const HALL_PAGE_SIZE = 20;
/** Similar listings (zuhao/similar, the detail page): how many by default and at most. */
export const DEFAULT_SIMILAR_LIMIT = 6;
export const MAX_SIMILAR_LIMIT = 20;
/** Highest hourly price a range filter accepts, in yuan. */
export const HALL_MAX_PRICE_YUAN = 100_000;
export const HALL_KEYWORD_MAX_LENGTH = 50;
/** Longest account_type value (the attribute's value column). */
export const HALL_ACCOUNT_TYPE_MAX_LENGTH = 64;

export const HALL_PERIODS = RENTAL_PERIOD_FLAGS;
export const HALL_OWNERS = ['merchant', 'store'] as const satisfies readonly NonNullable<HallQuery['owner']>[];
export const HALL_HAFU_TIERS = ['lt1m', '1m', '10m', '100m'] as const satisfies readonly NonNullable<HallQuery['hafu_tier']>[];
/** The on/off filters, spelled as their query keys. */
export const HALL_FLAGS = ['no_deposit', 'vip_discount', 'insurance', 'bargain'] as const;
export type HallFlag = (typeof HALL_FLAGS)[number];

/** A yuan amount with at most two decimals, between 0 and HALL_MAX_PRICE_YUAN. */
export const queryYuanSchema = z
  .string()
  .trim()
  .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), withQueryReason('应为最多两位小数的金额（元）'))
  .transform(Number)
  .pipe(z.number().min(0).max(HALL_MAX_PRICE_YUAN));

/** An on/off filter: 1 / true / on, or 0 / false / off (what a checkbox or a link sends). */
export const queryFlagSchema = z
  .enum(['1', 'true', 'on', '0', 'false', 'off'])
  .transform((value) => value === '1' || value === 'true' || value === 'on');

/** Page and page size of every catalogue list (defaults are the service's). */
export const pageQueryFields = {
  page: optionalQuery(queryIntSchema(1, CATALOG_MAX_PAGE)),
  page_size: optionalQuery(queryIntSchema(1, CATALOG_MAX_PAGE_SIZE)),
};

/** Each filter of the rental hall on its own: the strict schema and the lenient reader share them. */
export const hallQueryFields = {
  game_id: optionalQuery(queryIdSchema),
  platform_id: optionalQuery(queryIdSchema),
  zone_id: optionalQuery(queryIdSchema),
  keyword: optionalQuery(
    z
      .string()
      .trim()
      .max(HALL_KEYWORD_MAX_LENGTH)
      .transform((value) => (value === '' ? undefined : value)),
  ),
  price_min: optionalQuery(queryYuanSchema),
  price_max: optionalQuery(queryYuanSchema),
  period: optionalQuery(z.enum(HALL_PERIODS)),
  no_deposit: optionalQuery(queryFlagSchema),
  vip_discount: optionalQuery(queryFlagSchema),
  owner: optionalQuery(z.enum(HALL_OWNERS)),
  insurance: optionalQuery(queryFlagSchema),
  bargain: optionalQuery(queryFlagSchema),
  hafu_tier: optionalQuery(z.enum(HALL_HAFU_TIERS)),
  account_type: optionalQuery(z.string().trim().min(1).max(HALL_ACCOUNT_TYPE_MAX_LENGTH)),
  sort: optionalQuery(z.enum(HALL_SORTS)),
  ...pageQueryFields,
};

/** The rental hall's query (HallQuery), strictly: price_min may not exceed price_max. */
export const hallQuerySchema = z
  .object(hallQueryFields)
  .refine((query) => query.price_min === undefined || query.price_max === undefined || query.price_min <= query.price_max, {
    path: ['price_min'],
    params: { reason: '应不大于 price_max' },
  }) satisfies z.ZodType<HallQuery>;

/**
 * A raw hall value brought to the nearest one the strict schema accepts, where there is an obvious
 * one (a hand-edited or old link must not lose the visitor's filter): a page past the last is the
 * last, a price is clamped to its range and rounded to the fen, a long keyword is cut. Anything
 * else is left as sent, and the schema then accepts or refuses it.
 */
function repairHallValue(key: keyof typeof hallQueryFields, raw: string): string {
  const value = raw.trim();
  if (key === 'keyword') return value.slice(0, HALL_KEYWORD_MAX_LENGTH);
  if (key === 'page' && /^\d{1,15}$/.test(value)) return String(Math.min(Number(value), CATALOG_MAX_PAGE));
  if ((key === 'price_min' || key === 'price_max') && value !== '') {
    const yuan = Number(value);
    if (!Number.isFinite(yuan)) return value;
    return String(Math.round(Math.min(Math.max(yuan, 0), HALL_MAX_PRICE_YUAN) * 100) / 100);
  }
  return value;
}

/**
 * The hall query read leniently, as the pages read their URL: each field is parsed with its strict
 * schema on its own, so one bad value falls back to absent without resetting the others; a
 * reversed price range is swapped rather than dropped. page_size is the page's, not the URL's.
 * Which filters apply to which game is the page's business (src/features/catalog/hall-url.ts).
 */
export function parseHallQueryLenient(params: URLSearchParams): Omit<HallQuery, 'page_size'> {
  const query: Record<string, unknown> = {};
  for (const key of Object.keys(hallQueryFields) as (keyof typeof hallQueryFields)[]) {
    if (key === 'page_size') continue;
    const raw = params.get(key);
    if (raw === null) continue;
    const result = hallQueryFields[key].safeParse(repairHallValue(key, raw));
    // A value that narrows nothing (a flag off, a minimum price of 0, page 1) is left out, so
    // one state has one URL.
    if (!result.success || result.data === undefined || result.data === false) continue;
    if ((key === 'price_min' && result.data === 0) || (key === 'page' && result.data === 1)) continue;
    query[key] = result.data;
  }
  const state = query as Omit<HallQuery, 'page_size'>;
  if (state.price_min !== undefined && state.price_max !== undefined && state.price_min > state.price_max) {
    [state.price_min, state.price_max] = [state.price_max, state.price_min];
  }
  return state;
}

/** `?page=N` of a simple list (special offers, shops, notices): 1 when absent or invalid, clamped to the last page. */
export function parsePageQueryLenient(params: URLSearchParams): number {
  const raw = params.get('page');
  if (raw === null) return 1;
  const result = pageQueryFields.page.safeParse(repairHallValue('page', raw));
  return (result.success ? result.data : undefined) ?? 1;
}
