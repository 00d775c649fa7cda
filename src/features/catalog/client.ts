/**
 * The signed-in catalogue calls (docs/user-catalog-api.md): search history (spec §7 home
 * "search history get and delete"), hall search templates (zuhao "search templates
 * list/add/delete"), likes and collections (detail "like", account "collections"). Every call
 * needs the stored token, which the client sends; none of this is server-rendered. Each call is a
 * declared route (routes.ts).
 *
 * Islands on every page (the header search history) import this module lazily, so the API client
 * only loads for a signed-in visitor who uses the feature.
 */
import type { AccountState, CollectResult, CollectionsPage, LikeResult, SearchHistoryItem, SearchTemplate } from '~/features/catalog/contract/user-catalog';
import { CATALOG_ROUTES } from '~/features/catalog/routes';
import { LIKE_SCENE, LIKE_TYPE_ACCOUNT } from '~/features/catalog/rules/user-catalog';
import { toGameOptions, type GameOption } from '~/features/catalog/rules/game-list';
import { call, getAnsweredUrl, type RequestOptions } from '~/platform/client/client';

export type * from '~/features/catalog/contract/user-catalog';
export { LIKE_SCENE, LIKE_TYPE_ACCOUNT };

type Signal = Pick<RequestOptions, 'signal'>;

// ---- game list ----------------------------------------------------------------------------

export type { GameOption };

/**
 * spec §7 GET rentalHall/gameList: read data.url, then GET that url without a token (pure: no
 * token, no system or session header) expecting an array; spec §3 maps each item to label/value.
 * The URL is root-relative on our own API host, so it resolves like any other call.
 */
export async function loadGameList(options: Signal = {}): Promise<GameOption[]> {
  const { url } = await call(CATALOG_ROUTES.gameListUrl, {}, { ...options, noToken: true });
  return toGameOptions(await getAnsweredUrl<unknown>(url, { ...options, pure: true, omitAllCode: true }));
}

// ---- search history -----------------------------------------------------------------------

/** Newest first, at most 10. */
export async function getSearchHistory(options: Signal = {}): Promise<SearchHistoryItem[]> {
  const data = await call(CATALOG_ROUTES.searchHistory, {}, options);
  return data.list;
}

/** Records a search (the server moves a repeated keyword to the top and keeps the newest 10). */
export async function recordSearch(keyword: string): Promise<void> {
  // Sent as the search form navigates to the hall: keepalive lets it finish after the page goes.
  await call(CATALOG_ROUTES.recordSearch, { keyword }, { keepalive: true });
}

export async function deleteSearchKeyword(keyword: string): Promise<void> {
  await call(CATALOG_ROUTES.deleteSearch, { keyword });
}

export async function clearSearchHistory(): Promise<void> {
  await call(CATALOG_ROUTES.clearSearchHistory, {});
}

// ---- search templates ---------------------------------------------------------------------

/** Newest first. */
export async function listSearchTemplates(options: Signal = {}): Promise<SearchTemplate[]> {
  const data = await call(CATALOG_ROUTES.searchTemplates, {}, options);
  return data.list;
}

/** 400 无效的筛选条件 / 最多保存20个搜索模板 and 409 模板名称已存在 reject with the server's msg. */
export function addSearchTemplate(name: string, path: string): Promise<SearchTemplate> {
  return call(CATALOG_ROUTES.addSearchTemplate, { name, path });
}

/** 404 模板不存在 for an unknown id or another user's. */
export async function deleteSearchTemplate(id: number): Promise<void> {
  await call(CATALOG_ROUTES.deleteSearchTemplate, { id });
}

// ---- likes and collections ----------------------------------------------------------------

/** This user's like and collection of a listing; 404 when missing, code -400 when deleted. */
export function getAccountState(accountId: number, options: Signal = {}): Promise<AccountState> {
  return call(CATALOG_ROUTES.accountState, { account_id: accountId }, options);
}

/** Likes or unlikes (idempotent). */
export function setLiked(accountId: number, liked: boolean): Promise<LikeResult> {
  return call(CATALOG_ROUTES.like, {
    source_id: accountId,
    type: LIKE_TYPE_ACCOUNT,
    scene: liked ? LIKE_SCENE.like : LIKE_SCENE.unlike,
  });
}

/** Collects or uncollects (idempotent). */
export function setCollected(accountId: number, collected: boolean): Promise<CollectResult> {
  return call(collected ? CATALOG_ROUTES.collect : CATALOG_ROUTES.uncollect, { account_id: accountId });
}

/** Newest collected first; page ≥ 1, page_size 1-50. */
export function listCollections(page: number, pageSize: number, options: Signal = {}): Promise<CollectionsPage> {
  return call(CATALOG_ROUTES.collections, { page, page_size: pageSize }, options);
}
