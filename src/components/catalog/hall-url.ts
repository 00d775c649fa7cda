/**
 * The rental hall's state lives in its URL (issue 3: shareable, server-rendered, the back button
 * works). This module reads a query string into a HallQuery, dropping or clamping what does not
 * parse (a hand-edited URL never becomes a 500), and writes the links of every filter, sort and
 * page back. It decides nothing about listings: the catalogue service does that.
 */
import { ACCOUNT_TYPE_VALUE } from '../../lib/config/constants';
import { ID_MAX } from '~/lib/contract/common';
import { HALL_SORTS, RENTAL_PERIOD_FLAGS, type HallQuery } from '../../lib/catalog/types';

export { HALL_SORTS };

/** Listings per hall page. */
export const HALL_PAGE_SIZE = 20;
/** Deepest page a link may ask for; a larger number is clamped. */
export const HALL_MAX_PAGE = 500;
/** Highest hourly price a range filter accepts, in yuan. */
export const HALL_MAX_PRICE_YUAN = 100_000;
export const HALL_KEYWORD_MAX_LENGTH = 50;

export const HALL_PERIODS = RENTAL_PERIOD_FLAGS;
export const HALL_OWNERS: readonly NonNullable<HallQuery['owner']>[] = ['merchant', 'store'];
export const HALL_HAFU_TIERS: readonly NonNullable<HallQuery['hafu_tier']>[] = ['lt1m', '1m', '10m', '100m'];
export const HALL_ACCOUNT_TYPES: readonly string[] = [ACCOUNT_TYPE_VALUE.hafuCoin, ACCOUNT_TYPE_VALUE.skin];

/** The on/off filters, spelled as their query keys. */
export const HALL_FLAGS = ['no_deposit', 'vip_discount', 'insurance', 'bargain'] as const;
export type HallFlag = (typeof HALL_FLAGS)[number];

/** What the URL may hold besides the game of the path (page_size is ours, not the visitor's). */
export type HallState = Omit<HallQuery, 'page_size'>;

const MAX_ID = ID_MAX;

function positiveInt(raw: string | null, max = MAX_ID): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  if (value < 1) return undefined;
  return Math.min(value, max);
}

function price(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw.trim());
  if (!Number.isFinite(value)) return undefined;
  // Two decimals (fen), between 0 and the cap.
  return Math.round(Math.min(Math.max(value, 0), HALL_MAX_PRICE_YUAN) * 100) / 100;
}

function flag(raw: string | null): boolean | undefined {
  return raw === '1' || raw === 'true' || raw === 'on' ? true : undefined;
}

function oneOf<T extends string>(raw: string | null, allowed: readonly T[]): T | undefined {
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

export interface ParseHallOptions {
  /** The game of the path (/zuhao/<id>.html); the query's game_id is ignored when a path names one. */
  gameId?: number;
  /** Whether the game has hafu coins: the hafu tier and account type filters only apply then. */
  hasHafuCoin?: boolean;
}

/** Reads the hall state from a query string; anything invalid is left out or clamped. */
export function parseHallQuery(params: URLSearchParams, options: ParseHallOptions = {}): HallState {
  const state: HallState = {};
  const gameId = options.gameId ?? positiveInt(params.get('game_id'));
  if (gameId !== undefined) state.game_id = gameId;
  // Platforms and zones belong to a game: without one they mean nothing.
  if (gameId !== undefined) {
    const platformId = positiveInt(params.get('platform_id'));
    const zoneId = positiveInt(params.get('zone_id'));
    if (platformId !== undefined) state.platform_id = platformId;
    if (zoneId !== undefined) state.zone_id = zoneId;
  }
  const keyword = (params.get('keyword') ?? '').trim().slice(0, HALL_KEYWORD_MAX_LENGTH);
  if (keyword !== '') state.keyword = keyword;

  let priceMin = price(params.get('price_min'));
  let priceMax = price(params.get('price_max'));
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  if (priceMin !== undefined && priceMin > 0) state.price_min = priceMin;
  if (priceMax !== undefined) state.price_max = priceMax;

  const period = oneOf(params.get('period'), HALL_PERIODS);
  if (period) state.period = period;
  for (const key of HALL_FLAGS) if (flag(params.get(key))) state[key] = true;
  const owner = oneOf(params.get('owner'), HALL_OWNERS);
  if (owner) state.owner = owner;

  if (options.hasHafuCoin) {
    const tier = oneOf(params.get('hafu_tier'), HALL_HAFU_TIERS);
    if (tier) state.hafu_tier = tier;
    const accountType = oneOf(params.get('account_type'), HALL_ACCOUNT_TYPES);
    if (accountType) state.account_type = accountType;
  }

  const sort = oneOf(params.get('sort'), HALL_SORTS);
  if (sort) state.sort = sort;
  const page = positiveInt(params.get('page'), HALL_MAX_PAGE);
  if (page !== undefined && page > 1) state.page = page;
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
  return positiveInt(params.get('page'), HALL_MAX_PAGE) ?? 1;
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
