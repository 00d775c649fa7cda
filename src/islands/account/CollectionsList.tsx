import { useState, type ReactNode } from 'react';
import { AVAILABILITY_LABEL, AVAILABILITY_STYLE, NOT_BOOKABLE_NOW_LABEL } from '../../components/catalog/labels';
import { listCollections, setCollected, type CollectionsPage } from '../../lib/api/user-catalog';
import type { ListingCard } from '../../lib/catalog/types';
import { depositLabel } from '../../lib/rules/deposit';
import { fenToYuan } from '../../lib/rules/money';
import { pageAfterRemoval } from '../../lib/rules/user-catalog';
import LoginRequired from '../LoginRequired';
import { EmptyState } from '../ui/EmptyState';
import { CardSkeleton } from '../ui/Skeleton';
import { focusRing } from '../ui/focus-ring';
import { LoadFailed } from '../ui/LoadFailed';
import { Pager } from '../ui/Pager';
import { readPageQuery, withPageParam } from '../ui/page-query';
import { usePagedList } from '../ui/use-paged-list';

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

/** The hall's ListingCard (components/catalog/ListingCard.astro) in React, plus 取消收藏. */
function CollectedCard({ listing, onUncollect }: { listing: ListingCard; onUncollect(): void }): ReactNode {
  const outsideHours = listing.availability === 'normal' && !listing.bookable_now;
  const availability = outsideHours ? NOT_BOOKABLE_NOW_LABEL : AVAILABILITY_LABEL[listing.availability];
  const availabilityStyle = outsideHours ? AVAILABILITY_STYLE.appoint : AVAILABILITY_STYLE[listing.availability];
  const where = [listing.game_name, listing.platform_name, listing.zone_name].filter(Boolean).join(' · ');
  return (
    <article
      className="group flex w-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-neutral-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-primary/40"
      data-listing-card
      data-listing-id={listing.id}
    >
      <a href={`/detail/${listing.id}.html`} className="flex flex-1 flex-col focus-visible:outline-offset-[-2px]">
        <div className="relative aspect-video overflow-hidden bg-neutral-100">
          <img src={listing.cover} alt={`${listing.game_name}账号封面`} width={640} height={360} loading="lazy" decoding="async" className="h-full w-full object-cover transition group-hover:scale-[1.03]" />
          <span className={`absolute top-2 left-2 rounded px-1.5 py-0.5 text-xs ${availabilityStyle}`} data-availability={listing.availability}>
            {availability}
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-3">
          <h2 className="line-clamp-2 min-h-10 text-sm leading-5 font-medium text-neutral-900 group-hover:text-primary" data-listing-title>
            {listing.title}
          </h2>
          <p className="truncate text-xs text-neutral-600" data-listing-where>
            {where}
          </p>
          <div className="mt-auto flex items-end justify-between gap-2 pt-1">
            <span className="inline-flex items-baseline whitespace-nowrap text-primary" data-price-fen={listing.rental_fen}>
              <span className="text-xs">¥</span>
              <span className="text-lg font-bold tabular-nums">{fenToYuan(listing.rental_fen)}</span>
              <span className="text-xs text-neutral-600">/小时</span>
            </span>
            <span className={`text-xs ${listing.deposit_fen === 0 ? 'text-emerald-700' : 'text-neutral-600'}`} data-deposit>
              {depositLabel(listing.deposit_fen)}
            </span>
          </div>
        </div>
      </a>
      <div className="border-t border-neutral-100 px-3 py-2 text-right">
        <button type="button" onClick={onUncollect} aria-label={`取消收藏 ${listing.title}`} className={`rounded px-2 py-0.5 text-xs text-neutral-600 hover:text-primary ${focusRing}`}>
          取消收藏
        </button>
      </div>
    </article>
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
