import { useState, type ReactNode } from 'react';
import { clearFootprints, deleteFootprint, listFootprints } from '~/features/account/client/account-extras';
import { FOOTPRINT_KEEP_DAYS } from '~/features/account/constants';
import type { FootprintItem, FootprintPage } from '~/features/account/contract/footprints';
import { pageAfterRemoval } from '~/features/catalog/rules/user-catalog';
import LoginRequired from '~/platform/ui/LoginRequired';
import { EmptyState } from '~/platform/ui/EmptyState';
import { CardSkeleton } from '~/platform/ui/Skeleton';
import { focusRing } from '~/platform/ui/focus-ring';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Pager } from '~/platform/ui/Pager';
import { readPageQuery, withPageParam } from '~/platform/ui/page-query';
import { usePagedList } from '~/platform/ui/use-paged-list';
import { AccountListingCard } from '~/features/account/ui/AccountListingCard';
import { CreditPanel } from '~/features/account/ui/CreditPanel';

/** Footprints per page (the contract allows 1-50). */
export const FOOTPRINT_PAGE_SIZE = 12;

/** The page's footprints grouped by their Shanghai day, in the order they came (newest first). */
function byDay(list: readonly FootprintItem[]): { day: string; items: FootprintItem[] }[] {
  const groups: { day: string; items: FootprintItem[] }[] = [];
  for (const item of list) {
    const last = groups.at(-1);
    if (last && last.day === item.viewed_day) last.items.push(item);
    else groups.push({ day: item.viewed_day, items: [item] });
  }
  return groups;
}

const linkButton = `rounded px-2 py-0.5 text-neutral-600 hover:text-primary ${focusRing}`;

/**
 * 我的足迹 (spec §2 account footprint): the accounts viewed while signed in, newest
 * first, one card per account per day under the day's heading; each can be removed, or all at once
 * after a confirmation. Each card also leads to 找相似.
 */
function Footprints(): ReactNode {
  const { query, remote: load, pages, goToPage, reload, replace, listRef } = usePagedList<{ page: number }, FootprintPage, HTMLDivElement>({
    readQuery: readPageQuery,
    writeQuery: withPageParam,
    fetchPage: (current, signal) => listFootprints(current.page, FOOTPRINT_PAGE_SIZE, { signal }),
    pageSize: FOOTPRINT_PAGE_SIZE,
  });
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);

  async function remove(item: FootprintItem): Promise<void> {
    if (load.kind !== 'ready') return;
    const before = load.data;
    replace({ ...before, list: before.list.filter((other) => other.id !== item.id), total: before.total - 1 });
    listRef.current?.focus();
    try {
      await deleteFootprint(item.id);
      setStatus(`已删除足迹 ${item.listing.title}`);
      const next = pageAfterRemoval(query.page, before.total - 1, FOOTPRINT_PAGE_SIZE);
      if (next === query.page) reload();
      else goToPage(next);
    } catch {
      replace(before); // the client has shown why
    }
  }

  async function clearAll(): Promise<void> {
    setConfirming(false);
    try {
      const { deleted } = await clearFootprints();
      setStatus(`已清空 ${deleted} 条足迹`);
      if (query.page === 1) reload();
      else goToPage(1);
    } catch {
      // the client has shown why
    }
  }

  let body: ReactNode;
  if (load.kind === 'loading') {
    body = (
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <CardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (load.kind === 'failed') {
    body = <LoadFailed text="获取足迹失败" onRetry={reload} />;
  } else if (load.data.total <= 0 || load.data.list.length === 0) {
    body = (
      <EmptyState
        type={1}
        text="暂无足迹，登录后浏览过的账号会出现在这里"
        action={
          <a href="/zuhao.html" className={`inline-block rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark ${focusRing}`}>
            去租号大厅
          </a>
        }
      />
    );
  } else {
    body = (
      <>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm text-neutral-600">
          <p>
            共 {load.data.total} 条，保留最近 {FOOTPRINT_KEEP_DAYS} 天
          </p>
          {confirming ? (
            <span className="flex items-center gap-2" role="group" aria-label="确认清空足迹">
              <span className="text-neutral-900">确定清空全部足迹？</span>
              <button type="button" onClick={() => void clearAll()} className={`rounded bg-primary px-3 py-1 text-white hover:bg-primary-dark ${focusRing}`}>
                确定清空
              </button>
              <button type="button" onClick={() => setConfirming(false)} className={`rounded px-3 py-1 ring-1 ring-neutral-300 ${focusRing}`}>
                取消
              </button>
            </span>
          ) : (
            <button type="button" onClick={() => setConfirming(true)} className={`rounded px-3 py-1 ring-1 ring-neutral-300 hover:text-primary ${focusRing}`}>
              清空足迹
            </button>
          )}
        </div>
        <div ref={listRef} tabIndex={-1} className="flex flex-col gap-6 outline-none">
          {byDay(load.data.list).map((group) => (
            <section key={group.day} aria-label={`${group.day} 浏览`}>
              <h2 className="mb-2 text-sm font-medium text-neutral-900">{group.day}</h2>
              <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
                {group.items.map((item) => (
                  <li key={item.id} className="flex min-w-0">
                    <AccountListingCard
                      listing={item.listing}
                      footer={
                        <>
                          <a href={`/account/account_besimilar?account_id=${item.listing.id}`} className={linkButton}>
                            找相似
                          </a>
                          <button type="button" onClick={() => void remove(item)} aria-label={`删除足迹 ${item.listing.title}`} className={linkButton}>
                            删除
                          </button>
                        </>
                      }
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <Pager page={query.page} pages={pages} label="足迹分页" onPage={goToPage} />
      </>
    );
  }

  return (
    <div className="py-2">
      {body}
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

/** The footprint page's island: the sign-in prompt when signed out, the footprints otherwise. */
export default function FootprintList({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <div className="mb-4">
        <CreditPanel />
      </div>
      <Footprints />
    </LoginRequired>
  );
}
