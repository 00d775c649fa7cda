import type { ReactNode } from 'react';
import { focusRing } from './ui';

export interface PagerProps {
  page: number;
  pages: number;
  /** Names the navigation landmark, e.g. 资金明细分页. */
  label: string;
  onPage(page: number): void;
}

const pagerButton = `rounded border border-neutral-300 px-3 py-1 text-neutral-700 enabled:hover:text-primary disabled:opacity-50 ${focusRing}`;

/** 上一页 / 第 N / M 页 / 下一页; nothing when everything fits on one page. */
export function Pager({ page, pages, label, onPage }: PagerProps): ReactNode {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-center gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={pagerButton}>
        上一页
      </button>
      <span className="tabular-nums text-neutral-600">
        第 {page} / {pages} 页
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={pagerButton}>
        下一页
      </button>
    </nav>
  );
}
