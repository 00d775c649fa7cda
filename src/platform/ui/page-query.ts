/**
 * The page of a list in the address (?page=N), read and written one way by every paged screen.
 * Pure: no React, no window.
 */

/** `?page=N` of a query string: 1 when absent or not a page number (a hand-edited address never errs). */
export function pageParam(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  return /^\d{1,4}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

/** Writes the page into `url`; page 1 is left out so the plain address stays canonical. */
export function setPageParam(url: URL, page: number): void {
  if (page > 1) url.searchParams.set('page', String(page));
  else url.searchParams.delete('page');
}

/** The query of a list whose whole query is the page. */
export function readPageQuery(search: string): { page: number } {
  return { page: pageParam(new URLSearchParams(search)) };
}

/** The address with only the page changed (lists whose whole query is the page). */
export function withPageParam(href: string, query: { page: number }): string {
  const url = new URL(href);
  setPageParam(url, query.page);
  return `${url.pathname}${url.search}${url.hash}`;
}
