import { useState, type ReactNode } from 'react';
import { listCollections, setCollected, type CollectionsPage } from '~/features/catalog/client';
import type { ListingCard } from '~/features/catalog/types';
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

/** Cards per page of 我的收藏 (the contract allows 1-50). */
export const COLLECTIONS_PAGE_SIZE = 12;

/**
 * 我的收藏 (spec §7 account "collections"): the visitor's collected listings, newest first, as
 * the hall's cards, each with 取消收藏. Listings deleted or taken down since stay listed with
 * their availability (the contract), so the visitor sees why they cannot rent them.
 */
function Collections(): ReactNode {
  const { query, remote: load, pages, goToPage, reload, replace, listRef } = usePagedList<{ page: number }, CollectionsPage, HTMLUListElement>({
    readQuery: readPageQuery,
    writeQuery: withPageParam,
    fetchPage: (current, signal) => listCollections(current.page, COLLECTIONS_PAGE_SIZE, { signal }),
    pageSize: COLLECTIONS_PAGE_SIZE,
  });
  const [status, setStatus] = useState('');

  async function uncollect(listing: ListingCard): Promise<void> {
    if (load.kind !== 'ready') return;
    const before = load.data;
    // The card goes at once; the page refills from the server once it has agreed.
    replace({ ...before, list: before.list.filter((item) => item.id !== listing.id), total: before.total - 1 });
    // The focused button went with its card: the list keeps focus for the keyboard.
    listRef.current?.focus();
    try {
      await setCollected(listing.id, false);
      setStatus(`已取消收藏 ${listing.title}`);
      const next = pageAfterRemoval(query.page, before.total - 1, COLLECTIONS_PAGE_SIZE);
      if (next === query.page) reload();
      else goToPage(next);
    } catch {
      replace(before); // the client has shown why
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
    body = <LoadFailed text="获取收藏失败" onRetry={reload} />;
  } else if (load.data.total <= 0 || load.data.list.length === 0) {
    body = (
      <EmptyState
        type={1}
        text="暂无收藏"
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
        <ul ref={listRef} tabIndex={-1} aria-label="收藏的账号" className="grid grid-cols-2 gap-4 outline-none md:grid-cols-3 xl:grid-cols-4">
          {load.data.list.map((listing) => (
            <li key={listing.id} className="flex">
              <CollectedCard listing={listing} onUncollect={() => void uncollect(listing)} />
            </li>
          ))}
        </ul>
        <Pager page={query.page} pages={pages} label="收藏分页" onPage={goToPage} />
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

/** A collected account: the account screens' listing card with 取消收藏. */
function CollectedCard({ listing, onUncollect }: { listing: ListingCard; onUncollect(): void }): ReactNode {
  return (
    <AccountListingCard
      listing={listing}
      titleAs="h2"
      footer={
        <button type="button" onClick={onUncollect} aria-label={`取消收藏 ${listing.title}`} className={`rounded px-2 py-0.5 text-xs text-neutral-600 hover:text-primary ${focusRing}`}>
          取消收藏
        </button>
      }
    />
  );
}

/** The collect page's island: the sign-in prompt when signed out, the collections otherwise. */
export default function CollectionsList({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Collections />
    </LoginRequired>
  );
}
