import type { ReactNode } from 'react';
import { focusRing } from '~/platform/ui/focus-ring';

export interface PagerProps {
  page: number;
  pages: number;
  /** The navigation's name: 订单分页, 资金明细分页 ... */
  label: string;
  onPage(page: number): void;
}

/** 上一页 / 第 n / m 页 / 下一页, as on 我的收藏; nothing when everything fits one page. */
export function Pager({ page, pages, label, onPage }: PagerProps): ReactNode {
  if (pages <= 1) return null;
  const button = `rounded border border-neutral-300 px-3 py-1 text-neutral-700 enabled:hover:text-primary disabled:opacity-50 ${focusRing}`;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={button}>
        上一页
      </button>
      <span className="tabular-nums text-neutral-600">
        第 {page} / {pages} 页
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={button}>
        下一页
      </button>
    </nav>
  );
}
