/**
 * The catalogue's routes, declared once: the browser calls them with `call(route, input)`, the
 * endpoints serve them with the schemas of wire.ts.
 *
 * The signed-in calls (docs/user-catalog-api.md; spec §7 home "search history get and delete",
 * zuhao "search templates list/add/delete", detail "like", account "collections") need the stored
 * token. 找相似 (spec §7 zuhao "similar accounts") needs none.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { BesimilarPage } from '~/features/catalog/contract/besimilar';
import type { CollectResult, CollectionsPage, LikeResult, SearchHistoryList, SearchTemplate, SearchTemplateList } from '~/features/catalog/contract/user-catalog';

export interface LikeInput {
  source_id: number;
  /** 1: an account listing, the only kind that can be liked. */
  type: 1;
  /** 1 likes, 2 unlikes. */
  scene: 1 | 2;
}

export interface PageInput {
  page?: number;
  page_size?: number;
}

export const CATALOG_ROUTES = {
  /** Newest first, at most 10. */
  searchHistory: route.get<NoInput, SearchHistoryList>('/home/searchHistory'),
  /** Records a search: a keyword searched again moves to the top. */
  recordSearch: route.post<{ keyword: string }, null>('/home/searchHistory'),
  /** Forgets one keyword; one that is not there is not an error. */
  deleteSearch: route.post<{ keyword: string }, null>('/home/searchHistory/delete'),
  /** Forgets every keyword (no body). */
  clearSearchHistory: route.post<NoInput, null>('/home/searchHistory/clear'),
  /** The caller's hall search templates, newest first. */
  searchTemplates: route.get<NoInput, SearchTemplateList>('/zuhao/searchTemplates'),
  /** 400 无效的筛选条件 / 最多保存20个搜索模板, 409 模板名称已存在. */
  addSearchTemplate: route.post<{ name: string; path: string }, SearchTemplate>('/zuhao/searchTemplates'),
  /** 404 模板不存在 for an unknown id or another user's. */
  deleteSearchTemplate: route.post<{ id: number }, null>('/zuhao/searchTemplates/delete'),
  /** Likes or unlikes (idempotent); a listing that does not exist is 404 with code -400. */
  like: route.post<LikeInput, LikeResult>('/detail/like'),
  /** Collects (idempotent); a listing that does not exist is 404 with code -400. */
  collect: route.post<{ account_id: number }, CollectResult>('/account/collect'),
  /** Uncollects (idempotent); a listing that does not exist is 404 with code -400. */
  uncollect: route.post<{ account_id: number }, CollectResult>('/account/uncollect'),
  /** Newest collected first; page ≥ 1, page_size 1-50. */
  collections: route.get<PageInput, CollectionsPage>('/account/collections'),
  /** 找相似: listed accounts like the given one; 404 with code -400 when it is gone. */
  besimilar: route.get<{ account_id: number } & PageInput, BesimilarPage>('/zuhao/besimilar'),
};
