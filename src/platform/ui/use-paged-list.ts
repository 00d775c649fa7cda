/**
 * The account screens' paged lists (orders, complaints, collections, funds, reviews) behave one
 * way: the query (tab, filter, page) lives in the address so a reload or a shared link keeps it;
 * a page past the end shows the last page instead; after the visitor turns a page, focus moves to
 * the list so a screen reader starts reading the new page.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { pageCountOf } from '~/platform/rules/paging';
import { useRemote, type Remote } from '~/platform/ui/use-remote';

/** What a page of any list answers (the money, catalogue and review contracts all have these two). */
export interface ListPage {
  list: readonly unknown[];
  total: number;
}

export interface PagedListOptions<Q extends { page: number }, P extends ListPage> {
  /** The query of the current address. */
  readQuery(search: string): Q;
  /** The address with `query` written in. */
  writeQuery(href: string, query: Q): string;
  fetchPage(query: Q, signal: AbortSignal): Promise<P>;
  pageSize: number;
}

export interface PagedList<Q extends { page: number }, P extends ListPage, E extends HTMLElement> {
  query: Q;
  /**
   * A new query (a tab or filter: pass page 1); the list shows its skeleton until it arrives.
   * `focus` moves focus to the list once it has arrived (a page turn, a view the visitor was sent to).
   */
  setQuery(update: (current: Q) => Q, options?: { focus?: boolean }): void;
  remote: Remote<P>;
  /** Pages in the last answer (at least 1). */
  pages: number;
  /** Turns the page and moves focus to the list once it has arrived. */
  goToPage(page: number): void;
  /** Fetches the same page again; what is shown stays until the answer arrives. */
  reload(): void;
  /** Shows `page` at once (an optimistic change the server is asked to agree with). */
  replace(page: P): void;
  /** Put on the list's container (tabIndex -1) so goToPage can focus it. */
  listRef: RefObject<E | null>;
}

export function usePagedList<Q extends { page: number }, P extends ListPage, E extends HTMLElement = HTMLElement>(options: PagedListOptions<Q, P>): PagedList<Q, P, E> {
  const { readQuery, writeQuery, fetchPage, pageSize } = options;
  const [query, setQueryState] = useState<Q>(() => readQuery(location.search));
  const listRef = useRef<E | null>(null);
  const focusList = useRef(false);
  const { remote, reload, replace } = useRemote((signal) => fetchPage(query, signal), JSON.stringify(query));

  useEffect(() => {
    // writeQuery is a pure module function: the address follows the query alone.
    history.replaceState(history.state, '', writeQuery(location.href, query));
  }, [query]);

  useEffect(() => {
    if (remote.kind !== 'ready') return;
    // A page past the end (a stale ?page= or the last item removed): show the last page instead.
    const last = pageCountOf(remote.data.total, pageSize);
    if (remote.data.list.length === 0 && remote.data.total > 0 && query.page > last) {
      setQueryState((current) => ({ ...current, page: last }));
      return;
    }
    if (focusList.current) {
      focusList.current = false;
      listRef.current?.focus();
    }
  }, [remote, query.page, pageSize]);

  const setQuery = useCallback((update: (current: Q) => Q, options: { focus?: boolean } = {}) => {
    if (options.focus) focusList.current = true;
    setQueryState(update);
  }, []);
  const goToPage = useCallback((page: number) => setQuery((current) => ({ ...current, page }), { focus: true }), [setQuery]);

  return {
    query,
    setQuery,
    remote,
    pages: remote.kind === 'ready' ? pageCountOf(remote.data.total, pageSize) : 1,
    goToPage,
    reload,
    replace,
    listRef,
  };
}
