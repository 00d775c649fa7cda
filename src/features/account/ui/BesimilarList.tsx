import { useEffect, type ReactNode } from 'react';
import { MSG_ACCOUNT_ID_MISSING } from '~/features/account/constants';
import { showError } from '~/platform/stores/ui';
import { listBesimilar } from '~/features/account/client/account-extras';
import type { BesimilarPage } from '~/features/catalog/contract/besimilar';
import { fenToYuan } from '~/platform/rules/money';
import LoginRequired from '~/platform/ui/LoginRequired';
import { EmptyState } from '~/platform/ui/EmptyState';
import { CardSkeleton } from '~/platform/ui/Skeleton';
import { focusRing } from '~/platform/ui/focus-ring';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Pager } from '~/platform/ui/Pager';
import { pageParam, setPageParam } from '~/platform/ui/page-query';
import { usePagedList } from '~/platform/ui/use-paged-list';
import { AccountListingCard } from '~/features/account/ui/AccountListingCard';

export const BESIMILAR_PAGE_SIZE = 12;

interface Query {
  page: number;
  /** null when the address names no account (the page was opened directly). */
  accountId: number | null;
}

function readQuery(search: string): Query {
  const params = new URLSearchParams(search);
  const raw = params.get('account_id') ?? '';
  return { page: pageParam(params), accountId: /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null };
}

function writeQuery(href: string, query: Query): string {
  const url = new URL(href);
  setPageParam(url, query.page);
  return `${url.pathname}${url.search}${url.hash}`;
}

const hallButton = `inline-block rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark ${focusRing}`;

/** The answer when the address names no account: nothing to compare, said plainly. */
const NO_SOURCE: BesimilarPage = { source: { id: 0, title: '', game_name: '', game_path: '/zuhao.html', rental_fen: 0 }, list: [], total: 0, page: 1, page_size: BESIMILAR_PAGE_SIZE };

/**
 * 找相似 (spec §2 account_besimilar): listed accounts like the one in ?account_id=,
 * reached from the detail page, 我的足迹 and past orders. Says what it compared against, and when
 * nothing is like it, says so and offers the game's hall instead.
 */
function Besimilar(): ReactNode {
  const { query, remote: load, pages, goToPage, reload, listRef } = usePagedList<Query, BesimilarPage, HTMLUListElement>({
    readQuery,
    writeQuery,
    fetchPage: (current, signal) => (current.accountId === null ? Promise.resolve(NO_SOURCE) : listBesimilar(current.accountId, current.page, BESIMILAR_PAGE_SIZE, { signal })),
    pageSize: BESIMILAR_PAGE_SIZE,
  });

  const missing = query.accountId === null;
  useEffect(() => {
    // spec §8: every link here names the account; an address without one is broken.
    if (missing) showError(MSG_ACCOUNT_ID_MISSING);
  }, [missing]);

  if (missing) {
    return (
      <EmptyState
        type={1}
        text="请在账号详情页或我的订单中点击「找相似」"
        action={
          <a href="/zuhao.html" className={hallButton}>
            去租号大厅
          </a>
        }
      />
    );
  }
  if (load.kind === 'loading') {
    return (
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <CardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (load.kind === 'failed') return <LoadFailed text="获取相似账号失败" onRetry={reload} />;
  const { source, list, total } = load.data;
  return (
    <div className="py-2">
      <p className="mb-4 rounded bg-neutral-50 px-3 py-2 text-sm text-neutral-700 ring-1 ring-neutral-200">
        与{' '}
        <a href={`/detail/${source.id}.html`} className={`font-medium text-neutral-900 hover:text-primary ${focusRing}`}>
          {source.title}
        </a>{' '}
        相似：同为{source.game_name}、租金在 ¥{fenToYuan(source.rental_fen)}/小时 上下、属性相近的在租账号
        {total > 0 ? `，共 ${total} 个` : ''}
      </p>
      {total <= 0 || list.length === 0 ? (
        <EmptyState
          type={1}
          text={`暂无与该账号相似的在租${source.game_name}账号`}
          action={
            <a href={source.game_path} className={hallButton}>
              看看全部{source.game_name}账号
            </a>
          }
        />
      ) : (
        <>
          <ul ref={listRef} tabIndex={-1} aria-label="相似账号" className="grid grid-cols-2 gap-4 outline-none md:grid-cols-3 xl:grid-cols-4">
            {list.map((listing) => (
              <li key={listing.id} className="flex min-w-0">
                <AccountListingCard listing={listing} />
              </li>
            ))}
          </ul>
          <Pager page={query.page} pages={pages} label="相似账号分页" onPage={goToPage} />
        </>
      )}
    </div>
  );
}

export default function BesimilarList({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Besimilar />
    </LoginRequired>
  );
}
