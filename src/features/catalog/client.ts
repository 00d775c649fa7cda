/**
 * The signed-in catalogue calls (docs/user-catalog-api.md): search history (spec §7 home
 * "search history get and delete"), hall search templates (zuhao "search templates
 * list/add/delete"), likes and collections (detail "like", account "collections"). Every call
 * needs the stored token, which the client sends; none of this is server-rendered.
 *
 * Islands on every page (the header search history) import this module lazily, so the API client
 * only loads for a signed-in visitor who uses the feature.
 */
import type { ListingCard } from '~/features/catalog/types';
import { apiGet, apiPost, type RequestOptions } from '~/platform/client/client';

export const SEARCH_HISTORY_PATH = '/home/searchHistory';
export const SEARCH_TEMPLATES_PATH = '/zuhao/searchTemplates';
export const ACCOUNT_STATE_PATH = '/detail/accountState';
export const LIKE_PATH = '/detail/like';
export const COLLECT_PATH = '/account/collect';
export const UNCOLLECT_PATH = '/account/uncollect';
export const COLLECTIONS_PATH = '/account/collections';

/** spec §7 "POST like account": type 1 is an account listing; scene 1 likes, 2 unlikes. */
export const LIKE_TYPE_ACCOUNT = 1;
export const LIKE_SCENE = { like: 1, unlike: 2 } as const;

type Signal = Pick<RequestOptions, 'signal'>;

export interface SearchHistoryItem {
  keyword: string;
  searched_at: string;
}

export interface SearchTemplate {
  id: number;
  name: string;
  path: string;
  created_at: string;
}

export interface AccountState {
  is_collection: boolean;
  is_liked: boolean;
  like_count: number;
  collection_count: number;
}

export interface LikeResult {
  is_liked: boolean;
  like_count: number;
}

export interface CollectResult {
  is_collection: boolean;
  collection_count: number;
}

export interface CollectionsPage {
  list: ListingCard[];
  total: number;
  page: number;
  page_size: number;
}

// ---- search history -----------------------------------------------------------------------

/** Newest first, at most 10. */
export async function getSearchHistory(options: Signal = {}): Promise<SearchHistoryItem[]> {
  const data = await apiGet<{ list: SearchHistoryItem[] }>(SEARCH_HISTORY_PATH, undefined, options);
  return data.list;
}

/** Records a search (the server moves a repeated keyword to the top and keeps the newest 10). */
export async function recordSearch(keyword: string): Promise<void> {
  // Sent as the search form navigates to the hall: keepalive lets it finish after the page goes.
  await apiPost<null>(SEARCH_HISTORY_PATH, { keyword }, { keepalive: true });
}

export async function deleteSearchKeyword(keyword: string): Promise<void> {
  await apiPost<null>(`${SEARCH_HISTORY_PATH}/delete`, { keyword });
}

export async function clearSearchHistory(): Promise<void> {
  await apiPost<null>(`${SEARCH_HISTORY_PATH}/clear`, {});
}

// ---- search templates ---------------------------------------------------------------------

/** Newest first. */
export async function listSearchTemplates(options: Signal = {}): Promise<SearchTemplate[]> {
  const data = await apiGet<{ list: SearchTemplate[] }>(SEARCH_TEMPLATES_PATH, undefined, options);
  return data.list;
}

/** 400 无效的筛选条件 / 最多保存20个搜索模板 and 409 模板名称已存在 reject with the server's msg. */
export function addSearchTemplate(name: string, path: string): Promise<SearchTemplate> {
  return apiPost<SearchTemplate>(SEARCH_TEMPLATES_PATH, { name, path });
}

/** 404 模板不存在 for an unknown id or another user's. */
export async function deleteSearchTemplate(id: number): Promise<void> {
  await apiPost<null>(`${SEARCH_TEMPLATES_PATH}/delete`, { id });
}

// ---- likes and collections ----------------------------------------------------------------

/** This user's like and collection of a listing; 404 when missing, code -400 when deleted. */
export function getAccountState(accountId: number, options: Signal = {}): Promise<AccountState> {
  return apiGet<AccountState>(ACCOUNT_STATE_PATH, { account_id: accountId }, options);
}

/** Likes or unlikes (idempotent). */
export function setLiked(accountId: number, liked: boolean): Promise<LikeResult> {
  return apiPost<LikeResult>(LIKE_PATH, {
    source_id: accountId,
    type: LIKE_TYPE_ACCOUNT,
    scene: liked ? LIKE_SCENE.like : LIKE_SCENE.unlike,
  });
}

/** Collects or uncollects (idempotent). */
export function setCollected(accountId: number, collected: boolean): Promise<CollectResult> {
  return apiPost<CollectResult>(collected ? COLLECT_PATH : UNCOLLECT_PATH, { account_id: accountId });
}

/** Newest collected first; page ≥ 1, page_size 1-50. */
export function listCollections(page: number, pageSize: number, options: Signal = {}): Promise<CollectionsPage> {
  return apiGet<CollectionsPage>(COLLECTIONS_PATH, { page, page_size: pageSize }, options);
}
