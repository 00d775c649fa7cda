/**
 * Rules of the signed-in catalogue features (docs/user-catalog-api.md): what a search records,
 * what a search template saves, the optimistic like and the collections' pages. Pure: values in,
 * values out.
 */

/** docs/user-catalog-api.md: a recorded keyword is 1-50 characters after trimming (the header input's maxlength). */
export const SEARCH_KEYWORD_MAX_CHARS = 50;
/** docs/user-catalog-api.md: a template name is 1-20 characters. */
export const TEMPLATE_NAME_MAX_CHARS = 20;
/** docs/user-catalog-api.md: a template path is at most 500 characters. */
export const TEMPLATE_PATH_MAX_CHARS = 500;

/** spec §7 "POST like account": type 1 is an account listing; scene 1 likes, 2 unlikes. */
export const LIKE_TYPE_ACCOUNT = 1;
export const LIKE_SCENE = { like: 1, unlike: 2 } as const;

/** The rental hall's paths: /zuhao.html or /zuhao/<game id>.html. */
const HALL_PATH = /^\/zuhao(?:\/\d{1,10})?\.html$/;

/** The keyword a header search records, or null when there is nothing to record. */
export function keywordToRecord(raw: string): string | null {
  const keyword = raw.trim();
  if (keyword === '') return null;
  return Array.from(keyword).slice(0, SEARCH_KEYWORD_MAX_CHARS).join('');
}

/** Why a template name is refused before asking the server, or null when it may be sent. */
export function templateNameError(raw: string): string | null {
  const name = raw.trim();
  if (name === '') return '请输入模板名称';
  if (Array.from(name).length > TEMPLATE_NAME_MAX_CHARS) return `模板名称最多${TEMPLATE_NAME_MAX_CHARS}个字`;
  return null;
}

/**
 * The path a template saves for the hall page at `pathname` + `search`: the filters and sort of
 * the URL (the hall's state lives there), without the page number, which is where the visitor
 * happened to be rather than what they filtered for. Null off the rental hall or when too long.
 */
export function templatePathFrom(pathname: string, search: string): string | null {
  if (!HALL_PATH.test(pathname)) return null;
  const params = new URLSearchParams(search);
  params.delete('page');
  const query = params.toString();
  const path = query ? `${pathname}?${query}` : pathname;
  return path.length > TEMPLATE_PATH_MAX_CHARS ? null : path;
}

export interface LikeState {
  is_liked: boolean;
  like_count: number;
}

/** What a like toggle shows before the server answers. */
export function toggledLike(state: LikeState): LikeState {
  return state.is_liked
    ? { is_liked: false, like_count: Math.max(0, state.like_count - 1) }
    : { is_liked: true, like_count: state.like_count + 1 };
}

import { pageCountOf } from '~/platform/rules/paging';
export { pageCountOf };

/**
 * The page to show after items were removed so that `total` remain: the same page unless it no
 * longer exists, then the last one.
 */
export function pageAfterRemoval(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCountOf(total, pageSize));
}
