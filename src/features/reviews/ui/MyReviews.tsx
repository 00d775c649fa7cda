import { useEffect, useId, useState, type ReactNode } from 'react';
import type { OrderView, Page } from '~/features/wallet/client/money';
import { listMyReviews, listPendingReviews, type MyReview } from '~/features/reviews/client';
import { MY_REVIEWS_PAGE_SIZE_DEFAULT } from '~/features/reviews/constants';
import { REVIEW_RATING_LABELS } from '~/features/reviews/rules/review-writing';
import { showSuccess } from '~/platform/stores/ui';
import LoginRequired from '~/platform/ui/LoginRequired';
import { rentalSummary } from '~/features/orders/ui/order-helpers';
import { EmptyState } from '~/platform/ui/EmptyState';
import { focusRing } from '~/platform/ui/focus-ring';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Pager } from '~/platform/ui/Pager';
import { Skeleton } from '~/platform/ui/Skeleton';
import { Tabs, tabId } from '~/platform/ui/Tabs';
import { usePagedList } from '~/platform/ui/use-paged-list';
import { ASSESS_TABS, readAssessQuery, reviewInfoHref, reviewedRentalLine, withAssessQuery, type AssessQuery } from '~/features/reviews/ui/review-helpers';
import { StarsShown } from '~/features/reviews/ui/StarRating';
import { EMPTY_DRAFT, WriteReviewDialog, type ReviewDraft } from '~/features/reviews/ui/WriteReviewDialog';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { pillPrimary } from '~/platform/ui/pill-buttons';

type TabQuery = Pick<AssessQuery, 'tab' | 'page'>;

/** One page of a tab: 待评价 lists orders, 已评价 lists reviews. */
type TabPage = ({ tab: 'pending' } & Page<OrderView>) | ({ tab: 'written' } & Page<MyReview>);

const PAGE_SIZE = MY_REVIEWS_PAGE_SIZE_DEFAULT;
const WRITTEN_TEXT = '评价成功';
const outlineLink = `rounded-full border border-neutral-300 px-4 py-1.5 text-sm text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`;

function loadTab(query: TabQuery, signal: AbortSignal): Promise<TabPage> {
  const paging = { page: query.page, page_size: PAGE_SIZE };
  return query.tab === 'pending'
    ? listPendingReviews(paging, { signal }).then((data) => ({ tab: 'pending', ...data }))
    : listMyReviews(paging, { signal }).then((data) => ({ tab: 'written', ...data }));
}

/**
 * 我的评价 (spec §2 account "assess", §7 account "comments"): 待评价 lists the finished rentals
 * without a review, each with 评价; 已评价 lists the reviews written, newest first. The form opens
 * over the list, and at once for ?order_no= (the order card's 评价). Tab, page and the open form are
 * in the address, so a reload or a shared link comes back to the same view.
 */
function Reviews(): ReactNode {
  const id = useId();
  const { query, setQuery, remote: load, pages, goToPage, reload, listRef } = usePagedList<TabQuery, TabPage, HTMLDivElement>({
    readQuery: (search) => {
      const { tab, page } = readAssessQuery(search);
      return { tab, page };
    },
    // The open form's ?order_no= is kept as it is: it follows `writing`, below.
    writeQuery: (href, next) => withAssessQuery(href, { ...next, orderNo: readAssessQuery(new URL(href).search).orderNo }),
    fetchPage: loadTab,
    pageSize: PAGE_SIZE,
  });
  /** The order the form is open for; the list's copy when it has one. */
  const [writing, setWriting] = useState<{ orderNo: string; order: OrderView | null } | null>(() => {
    const orderNo = readAssessQuery(location.search).orderNo;
    return orderNo ? { orderNo, order: null } : null;
  });
  const [drafts, setDrafts] = useState<Record<string, ReviewDraft>>({});

  useEffect(() => {
    history.replaceState(history.state, '', withAssessQuery(location.href, { ...query, orderNo: writing?.orderNo ?? null }));
    // Only the form's opening and closing: the list's own query is written by usePagedList.
  }, [writing]);

  function written(review: MyReview): void {
    const orderNo = review.order?.order_no;
    if (orderNo) setDrafts(({ [orderNo]: _sent, ...rest }) => rest);
    setWriting(null);
    showSuccess(WRITTEN_TEXT);
    // The new review leads 已评价 (fetched again even when 已评价's first page is already shown).
    setQuery(() => ({ tab: 'written', page: 1 }), { focus: true });
    reload();
  }

  function closeForm(): void {
    setWriting(null);
    // The order may have been reviewed elsewhere meanwhile (a 409): show the list as it is now.
    if (query.tab === 'pending') reload();
  }

  let body: ReactNode;
  if (load.kind === 'loading') {
    body = <Skeleton lines={6} className="py-4" />;
  } else if (load.kind === 'failed') {
    body = <LoadFailed text="获取评价失败" onRetry={reload} />;
  } else if (load.data.tab === 'pending') {
    body =
      load.data.list.length === 0 ? (
        <EmptyState
          type={1}
          text="暂无待评价的订单"
          action={
            <a href="/account/order" className={outlineLink}>
              查看我的订单
            </a>
          }
        />
      ) : (
        <ul className="space-y-3" aria-label="待评价订单">
          {load.data.list.map((order) => (
            <li key={order.order_no}>
              <PendingCard order={order} onWrite={() => setWriting({ orderNo: order.order_no, order })} />
            </li>
          ))}
        </ul>
      );
  } else {
    body =
      load.data.list.length === 0 ? (
        <EmptyState type={1} text="暂无评价" />
      ) : (
        <ul className="space-y-3" aria-label="已评价">
          {load.data.list.map((review) => (
            <li key={review.id}>
              <WrittenCard review={review} />
            </li>
          ))}
        </ul>
      );
  }

  const panelId = `${id}-panel`;
  return (
    <div className="py-2">
      <div className="mb-4">
        <Tabs
          label="评价状态"
          tabs={ASSESS_TABS}
          value={query.tab}
          panelId={panelId}
          onChange={(tab) => {
            if (tab !== query.tab) setQuery(() => ({ tab, page: 1 }));
          }}
        />
      </div>
      <div id={panelId} ref={listRef} role="tabpanel" aria-labelledby={tabId(panelId, query.tab)} aria-busy={load.kind === 'loading'} tabIndex={-1} className="outline-none">
        {body}
        {load.kind === 'ready' ? <Pager page={query.page} pages={pages} label="评价分页" onPage={goToPage} /> : null}
      </div>

      {writing ? (
        <WriteReviewDialog
          orderNo={writing.orderNo}
          order={writing.order}
          draft={drafts[writing.orderNo] ?? EMPTY_DRAFT}
          onDraft={(draft) => setDrafts((current) => ({ ...current, [writing.orderNo]: draft }))}
          onClose={closeForm}
          onDone={written}
        />
      ) : null}
    </div>
  );
}

function Cover({ img }: { img: string | null }): ReactNode {
  return img ? (
    <img src={img} alt="" width={64} height={64} loading="lazy" decoding="async" className="h-16 w-16 shrink-0 rounded object-cover" />
  ) : (
    <div aria-hidden="true" className="h-16 w-16 shrink-0 rounded bg-neutral-100" />
  );
}

/** A finished rental waiting for its review. */
function PendingCard({ order, onWrite }: { order: OrderView; onWrite(): void }): ReactNode {
  const id = useId();
  const product = order.productInfo;
  const summary = rentalSummary(order);
  return (
    <article aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg bg-white px-4 py-3 ring-1 ring-neutral-200 sm:flex-row sm:items-center" data-order-no={order.order_no}>
      <div className="flex min-w-0 flex-1 gap-3">
        <Cover img={product?.img ?? null} />
        <div className="min-w-0 space-y-1 text-sm">
          <h3 id={`${id}-title`} className="line-clamp-2 font-medium text-neutral-900">
            {product ? (
              <a href={`/detail/${product.id}.html`} className={`hover:text-primary ${focusRing}`}>
                {product.title}
              </a>
            ) : (
              '账号信息已删除'
            )}
          </h3>
          {product ? <p className="truncate text-xs text-neutral-600">{[product.game_name, product.role_name].filter(Boolean).join(' · ')}</p> : null}
          <p className="text-xs text-neutral-600 tabular-nums">
            {summary ? `${summary} · ` : ''}
            <time dateTime={order.hire_start_time ?? undefined}>{formatShanghaiIso(order.hire_start_time)}</time>
            {' – '}
            <time dateTime={order.hire_end_time ?? undefined}>{formatShanghaiIso(order.hire_end_time)}</time>
          </p>
          <p className="text-xs text-neutral-500">
            订单号 <span className="font-mono">{order.order_no}</span>
          </p>
        </div>
      </div>
      <div className="flex justify-end">
        <button type="button" onClick={onWrite} className={pillPrimary} aria-describedby={`${id}-title`}>
          评价
        </button>
      </div>
    </article>
  );
}

/** A review written: the listing, the stars, the text, and the way to its page. */
function WrittenCard({ review }: { review: MyReview }): ReactNode {
  const id = useId();
  const rental = review.order ? reviewedRentalLine(review.order) : null;
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-lg bg-white px-4 py-3 text-sm ring-1 ring-neutral-200" data-review-id={review.id}>
      <div className="flex gap-3">
        <Cover img={review.product.img} />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={`${id}-title`} className="line-clamp-2 font-medium text-neutral-900">
            <a href={`/detail/${review.product.id}.html`} className={`hover:text-primary ${focusRing}`}>
              {review.product.title}
            </a>
          </h3>
          <p className="truncate text-xs text-neutral-600">{[review.product.game_name, review.product.role_name].filter(Boolean).join(' · ')}</p>
          <p className="flex flex-wrap items-center gap-2">
            <StarsShown rating={review.rating} />
            <span className="text-xs text-amber-700">{REVIEW_RATING_LABELS[review.rating]}</span>
            {review.is_anonymous ? <span className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs text-neutral-600">匿名</span> : null}
          </p>
        </div>
      </div>
      <p className="mt-2 line-clamp-3 break-words whitespace-pre-line text-neutral-800">{review.content}</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-neutral-500">
        <span>
          评价时间 <time dateTime={review.created_at}>{formatShanghaiIso(review.created_at)}</time>
          {review.order ? (
            <>
              {' · '}订单号 <span className="font-mono">{review.order.order_no}</span>
              {rental ? ` · ${rental}` : ''}
            </>
          ) : null}
        </span>
        <a href={reviewInfoHref(review.id)} className={outlineLink} aria-describedby={`${id}-title`}>
          查看详情
        </a>
      </div>
    </article>
  );
}

/** The assess page's island: the sign-in prompt when signed out, the reviews otherwise. */
export default function MyReviews({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Reviews />
    </LoginRequired>
  );
}
