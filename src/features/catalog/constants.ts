/**
 * The catalog feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

export const CODE_ACCOUNT_DELETED = -400;

// §3 listings and shops (data layer)
/** merchantInfo.cert_type: 1 = store, 2 = merchant (spec §3); 0 is an individual owner (ours). */
export const CERT_TYPE = { individual: 0, store: 1, merchant: 2 } as const;
/** third_type of listings mirrored from the partner platform; always bookable (spec §4). */
export const THIRD_TYPE_UHAOZU = 'uhaozu';

// Per-user catalogue state
// docs/user-catalog-api.md: search history, hall search templates, collections.
/** Keywords kept per user in the search history (newest first). */
export const SEARCH_HISTORY_LIMIT = 10;
/** Search templates one user may save. */
export const SEARCH_TEMPLATES_MAX = 20;
/** The collections list: page size by default and at most. */
export const COLLECTIONS_PAGE_SIZE_DEFAULT = 20;
export const COLLECTIONS_PAGE_SIZE_MAX = 50;

// Catalogue order and badges ("Catalogue details seen on the way"; docs/decisions.md
// "推荐 badge"). src/features/catalog/rules/listing-rank.ts and recommended.ts.
/**
 * Availability groups of the hall's default and price sorts, 热租账号 and the shop page, lowest
 * first: 可租 now, then reservable (出租中可预约, or 非可租时段), then the rest (不可租, 维护中).
 */
export const AVAILABILITY_RANK = { bookable: 0, reservable: 1, unavailable: 2 } as const;
/** At most this many cards of one list wear 推荐. */
export const RECOMMENDED_BADGES_PER_LIST = 2;
/** A listing nobody has shown interest in (popularity below this) is never 推荐. */
export const RECOMMENDED_MIN_POPULARITY = 1;
/** 找相似: accounts per page, and how far the price may stray from the given account's (±50%). */
export const BESIMILAR_PAGE_SIZE_MAX = 24;
export const BESIMILAR_PRICE_BAND_PERCENT = 50;

// Each listing's own record (issue 26; docs/decisions.md "Listing record"). rules/listing-record.ts.
/** Below this many rentals a listing has no record yet: 新上架，暂无记录 (a rate of 1 or 2 rentals says nothing). */
export const LISTING_RECORD_MIN_RENTALS = 3;
/** The owner's reply times kept per listing (the most recent first answers), enough for a fair median. */
export const LISTING_REPLY_SECONDS_KEPT = 50;
/** What a listing (or a shop) without a record says instead of figures. */
export const LISTING_RECORD_NEW_TEXT = '新上架，暂无记录';
