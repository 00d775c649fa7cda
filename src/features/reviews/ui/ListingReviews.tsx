import { useEffect, useState, type ReactNode } from 'react';
import { listListingReviews, type ReviewItem } from '~/features/reviews/client';
import { formatReviewDate } from '~/features/reviews/rules/reviews';
import { EmptyState } from '~/platform/ui/EmptyState';
import { focusRing } from '~/platform/ui/focus-ring';

/** Reviews fetched per 加载更多. */
const PAGE_SIZE = 10;

interface Loaded {
  list: ReviewItem[];
  total: number;
  average: number | null;
  /** The last page fetched. */
  page: number;
}

/** Five stars, `rating` of them filled; the label says the number, the glyphs are decoration. */
function Stars({ rating, label }: { rating: number; label?: string }): ReactNode {
  const full = Math.round(rating);
  return (
    <span role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} className="whitespace-nowrap text-sm tracking-tight">
      <span aria-hidden="true" className="text-amber-500">
        {'★'.repeat(full)}
      </span>
      <span aria-hidden="true" className="text-neutral-300">
        {'★'.repeat(5 - full)}
      </span>
    </span>
  );
}

/**
 * 用户评价 on the detail page (spec §7 detail "comments"): the average, the reviews newest first and
 * 加载更多. Loaded in the browser so the cached page stays the same for everyone.
 */
export default function ListingReviews({ listingId, headingId }: { listingId: number; headingId: string }): ReactNode {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(true);
  const [failed, setFailed] = useState(false);
  /** Asks for this page; bumping `attempt` retries the same page. */
  const [wanted, setWanted] = useState({ page: 1, attempt: 0 });

  useEffect(() => {
    const controller = new AbortController();
    setBusy(true);
    setFailed(false);
    listListingReviews({ account_id: listingId, page: wanted.page, page_size: PAGE_SIZE }, { signal: controller.signal })
      .then((data) => {
        setLoaded((before) => {
          // A review written meanwhile shifts the pages: never show one twice.
          const seen = new Set(wanted.page === 1 || !before ? [] : before.list.map((item) => item.id));
          const list = wanted.page === 1 || !before ? data.list : [...before.list, ...data.list.filter((item) => !seen.has(item.id))];
          return { list, total: data.total, average: data.average_rating, page: wanted.page };
        });
        setBusy(false);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setBusy(false);
      });
    return () => controller.abort();
  }, [listingId, wanted]);

  const retry = (): void => setWanted((current) => ({ ...current, attempt: current.attempt + 1 }));
  // The button keeps focus while the next page loads (aria-disabled, not disabled).
  const more = (): void => setWanted((current) => ({ page: (loaded?.page ?? 0) + 1, attempt: current.attempt }));

  let status = '';
  if (failed) status = '评价加载失败';
  else if (!busy && loaded && loaded.page > 1) status = `已加载 ${loaded.list.length} 条评价`;

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-lg font-bold text-neutral-900">
          用户评价
        </h2>
        {loaded && loaded.total > 0 ? (
          <p className="flex items-center gap-2 text-sm text-neutral-600">
            {loaded.average !== null ? <Stars rating={loaded.average} /> : null}
            <span>
              {loaded.average !== null ? (
                <>
                  <span className="font-semibold text-amber-600">{loaded.average.toFixed(1)}</span> 分 ·{' '}
                </>
              ) : null}
              共 {loaded.total} 条评价
            </span>
          </p>
        ) : null}
      </div>

      {loaded && loaded.total === 0 && loaded.list.length === 0 ? (
        <EmptyState text="暂无评价" action={<p className="text-xs text-neutral-500">租用后可发表评价</p>} />
      ) : null}

      {loaded && loaded.list.length > 0 ? (
        <ul className="divide-y divide-neutral-100 rounded-lg bg-white ring-1 ring-neutral-200" aria-label="评价列表">
          {loaded.list.map((review) => (
            <li key={review.id} className="flex gap-3 p-4">
              {review.avatar ? (
                <img src={review.avatar} alt="" width={36} height={36} loading="lazy" decoding="async" className="h-9 w-9 shrink-0 rounded-full object-cover" />
              ) : (
                <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-sm text-neutral-500">
                  {Array.from(review.nickname)[0]}
                </span>
              )}
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-sm font-medium text-neutral-800">{review.nickname}</span>
                  <Stars rating={review.rating} label={`${review.rating}星`} />
                  <time dateTime={review.created_at} className="ml-auto text-xs text-neutral-500 tabular-nums">
                    {formatReviewDate(new Date(review.created_at))}
                  </time>
                </div>
                <p className="mt-1.5 text-sm break-words whitespace-pre-line text-neutral-700">{review.content}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {!loaded && busy ? <div className="h-24 animate-pulse rounded-lg bg-neutral-100" aria-hidden="true" /> : null}

      {failed ? (
        <p className="mt-3 flex items-center justify-center gap-3 text-sm text-neutral-600">
          评价加载失败
          <button type="button" onClick={retry} className={`rounded-full border border-primary px-4 py-1 text-primary hover:bg-primary-light ${focusRing}`}>
            重试
          </button>
        </p>
      ) : loaded && loaded.list.length < loaded.total ? (
        <div className="mt-3 text-center">
          <button
            type="button"
            onClick={() => {
              if (!busy) more();
            }}
            aria-disabled={busy}
            className={`rounded-full border border-neutral-300 px-5 py-1.5 text-sm text-neutral-700 hover:border-primary hover:text-primary aria-disabled:opacity-60 ${focusRing}`}
          >
            {busy ? '加载中…' : '加载更多'}
          </button>
        </div>
      ) : null}

      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
