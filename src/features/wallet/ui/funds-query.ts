/** 资金明细's tab and page live in the URL (?direction=in&page=2), so a reload or a shared link keeps them. */
import type { FundsDirection } from '~/features/wallet/client/money';
import { pageParam, setPageParam } from '~/platform/ui/page-query';

export interface FundsQuery {
  direction: FundsDirection;
  page: number;
}

export const FUNDS_TABS: readonly { value: FundsDirection; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'in', label: '收入' },
  { value: 'out', label: '支出' },
];

const isDirection = (value: string | null): value is FundsDirection => FUNDS_TABS.some((tab) => tab.value === value);

/** The query of a location's search string; anything unknown falls back to 全部, page 1. */
export function fundsQueryFromSearch(search: string): FundsQuery {
  const params = new URLSearchParams(search);
  const direction = params.get('direction');
  return { direction: isDirection(direction) ? direction : 'all', page: pageParam(params) };
}

/** The address with the query written in; the defaults (全部, page 1) are left out for a clean address. */
export function withFundsQuery(href: string, query: FundsQuery): string {
  const url = new URL(href);
  if (query.direction === 'all') url.searchParams.delete('direction');
  else url.searchParams.set('direction', query.direction);
  setPageParam(url, query.page);
  return `${url.pathname}${url.search}${url.hash}`;
}
