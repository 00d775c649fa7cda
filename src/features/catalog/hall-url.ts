/**
 * The rental hall's state lives in its URL (shareable, server-rendered, the back button
 * works). This module reads a query string into the hall's state and writes the links of every
 * filter, sort and page back; pages, components and islands all use it, so it lives in lib/.
 * Reading goes through the wire contract's schema (src/features/catalog/contract/catalog.ts), the one the API
 * enforces strictly, read leniently here: a hand-edited URL never becomes a 500, and one bad value
 * is dropped without resetting the others. It decides nothing about listings: the catalogue
 * service does that.
 */
import { ACCOUNT_TYPE_VALUE } from '~/platform/config/constants';
import {
  CATALOG_MAX_PAGE,
  HALL_FLAGS,
  HALL_HAFU_TIERS,
  HALL_KEYWORD_MAX_LENGTH,
  HALL_MAX_PRICE_YUAN,
  HALL_OWNERS,
  HALL_PAGE_SIZE,
  HALL_PERIODS,
  HALL_SORTS,
  parseHallQueryLenient,
  parsePageQueryLenient,
  type HallFlag,
  type HallQuery,
} from '~/features/catalog/contract/catalog';

export {
  HALL_FLAGS,
  HALL_HAFU_TIERS,
  HALL_KEYWORD_MAX_LENGTH,
  HALL_MAX_PRICE_YUAN,
  HALL_OWNERS,
  HALL_PAGE_SIZE,
  HALL_PERIODS,
  HALL_SORTS,
  type HallFlag,
};

/** Deepest page a link may ask for; a larger number is clamped (the API refuses it). */
export const HALL_MAX_PAGE = CATALOG_MAX_PAGE;
/** The account types the hall offers as filters (the API accepts any value). */
export const HALL_ACCOUNT_TYPES: readonly string[] = [ACCOUNT_TYPE_VALUE.hafuCoin, ACCOUNT_TYPE_VALUE.skin];

/** What the URL may hold besides the game of the path (page_size is ours, not the visitor's). */
export type HallState = Omit<HallQuery, 'page_size'>;

export interface ParseHallOptions {
  /** The game of the path (/zuhao/<id>.html); the query's game_id is ignored when a path names one. */
  gameId?: number;
  /** Whether the game has hafu coins: the hafu tier and account type filters only apply then. */
  hasHafuCoin?: boolean;
}

/** Reads the hall state from a query string; anything invalid is left out or clamped. */
export function parseHallQuery(params: URLSearchParams, options: ParseHallOptions = {}): HallState {
  const { game_id: queryGameId, platform_id, zone_id, hafu_tier, account_type, ...rest } = parseHallQueryLenient(params);
  const state: HallState = { ...rest };
  const gameId = options.gameId ?? queryGameId;
  if (gameId === undefined) return state;
  state.game_id = gameId;
  // Platforms and zones belong to a game: without one they mean nothing.
  if (platform_id !== undefined) state.platform_id = platform_id;
  if (zone_id !== undefined) state.zone_id = zone_id;
  if (options.hasHafuCoin) {
    if (hafu_tier !== undefined) state.hafu_tier = hafu_tier;
    if (account_type !== undefined && HALL_ACCOUNT_TYPES.includes(account_type)) state.account_type = account_type;
  }
  return state;
}

/** Query keys in the order links write them, so one state has one URL. */
const KEY_ORDER = [
  'platform_id',
  'zone_id',
  'keyword',
  'price_min',
  'price_max',
  'period',
  'no_deposit',
  'vip_discount',
  'owner',
  'insurance',
  'bargain',
  'hafu_tier',
  'account_type',
  'sort',
  'page',
] as const satisfies readonly (keyof HallState)[];

/** A change to the state: `undefined` removes a key. */
export type HallPatch = { [K in keyof HallState]?: HallState[K] | undefined };

/** Base path of a listing hall: `/zuhao` for the rental hall, `/tejia` for special offers. */
export type HallBase = '/zuhao' | '/tejia';

/** `/zuhao.html` or `/zuhao/<game_id>.html`. */
export function hallPath(gameId: number | undefined, base: HallBase = '/zuhao'): string {
  return gameId === undefined ? `${base}.html` : `${base}/${gameId}.html`;
}

/**
 * The URL of `state` with `patch` applied. A change of anything but the page goes back to page 1;
 * a change of game drops the game's own filters (platform, zone, hafu tier, account type).
 */
export function hallHref(state: HallState, patch: HallPatch = {}, base: HallBase = '/zuhao'): string {
  const next: HallState = { ...state };
  const gameChanged = 'game_id' in patch && patch.game_id !== state.game_id;
  if (gameChanged) {
    delete next.platform_id;
    delete next.zone_id;
    delete next.hafu_tier;
    delete next.account_type;
  }
  if ('platform_id' in patch && patch.platform_id !== state.platform_id) delete next.zone_id;
  for (const [key, value] of Object.entries(patch) as [keyof HallState, unknown][]) {
    if (value === undefined || value === false) delete next[key];
    else (next as Record<string, unknown>)[key] = value;
  }
  if (!('page' in patch)) delete next.page;

  const params = new URLSearchParams();
  for (const key of KEY_ORDER) {
    const value = next[key];
    if (value === undefined || value === false) continue;
    if (key === 'page' && value === 1) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  const query = params.toString();
  return `${hallPath(next.game_id, base)}${query ? `?${query}` : ''}`;
}

/** Whether any filter narrows the list (the game, sort and page do not count). */
export function hasHallFilters(state: HallState): boolean {
  return KEY_ORDER.some((key) => key !== 'sort' && key !== 'page' && state[key] !== undefined);
}

/**
 * When the state asks for a page past the last one of a non-empty result, the URL of the last
 * page; null otherwise (an empty result has no last page to go to).
 */
export function lastPageHref(state: HallState, result: { total: number; page_size: number; list: readonly unknown[] }, base: HallBase = '/zuhao'): string | null {
  const last = lastPageOf(state.page ?? 1, result);
  return last === null ? null : hallHref(state, { page: last }, base);
}

/** `?page=N` of a simple list (special offers, shops, notices): 1 when absent or invalid, clamped to HALL_MAX_PAGE. */
export function parsePageParam(params: URLSearchParams): number {
  return parsePageQueryLenient(params);
}

/** `path` with `?page=N`, leaving page 1 bare; `extra` params (e.g. a shop id) come first. */
export function pageHref(path: string, page: number, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams(Object.entries(extra).map(([key, value]) => [key, String(value)]));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The last page of a non-empty result when `page` is past it; null otherwise. */
export function lastPageOf(page: number, result: { total: number; page_size: number; list: readonly unknown[] }): number | null {
  if (result.list.length > 0 || result.total === 0 || page === 1) return null;
  return Math.max(1, Math.ceil(result.total / Math.max(1, result.page_size)));
}
