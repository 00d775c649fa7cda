import { useState, type ReactNode } from 'react';
import { getMyReview } from '~/features/reviews/client';
import { MSG_REVIEW_NOT_FOUND, REVIEW_RATING_LABELS } from '~/features/reviews/rules/review-writing';
import LoginRequired from '~/platform/ui/LoginRequired';
import { focusRing } from '~/platform/ui/focus-ring';
import { backLinkClass, DetailFallback, outlineLinkClass, useItemDetail } from '~/platform/ui/ItemDetail';
import { readReviewId, reviewedRentalLine } from '~/features/reviews/ui/review-helpers';
import { StarsShown } from '~/features/reviews/ui/StarRating';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

const BACK_HREF = '/account/assess?tab=written';

/** 评价详情 (spec §2 account "assessInfo"): one review of the renter's, ?id= in the address. */
function Detail(): ReactNode {
  const [reviewId] = useState(() => readReviewId(location.search));
  const { load, retry } = useItemDetail(reviewId, getMyReview);
  if (load.kind !== 'ready') {
    return (
      <DetailFallback
        load={load}
        retry={retry}
        skeletonLines={6}
        failedText="获取评价失败"
        missingText={MSG_REVIEW_NOT_FOUND}
        backHref={BACK_HREF}
        backLabel="返回我的评价"
      />
    );
  }

  const review = load.item;
  const rental = review.order ? reviewedRentalLine(review.order) : null;
  return (
    <div className="space-y-4 py-2 text-sm">
      <a href={BACK_HREF} className={backLinkClass}>
        ‹ 返回我的评价
      </a>

      <section aria-labelledby="review-product" className="flex gap-4 rounded-lg bg-white p-4 ring-1 ring-neutral-200">
        {review.product.img ? (
          <img src={review.product.img} alt="" width={96} height={96} decoding="async" className="h-24 w-24 shrink-0 rounded object-cover" />
        ) : (
          <div aria-hidden="true" className="h-24 w-24 shrink-0 rounded bg-neutral-100" />
        )}
        <div className="min-w-0 space-y-1">
          <h3 id="review-product" className="line-clamp-2 font-medium text-neutral-900">
            <a href={`/detail/${review.product.id}.html`} className={`hover:text-primary ${focusRing}`}>
              {review.product.title}
            </a>
          </h3>
          <p className="truncate text-xs text-neutral-600">{[review.product.game_name, review.product.role_name].filter(Boolean).join(' · ')}</p>
          {review.order ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 pt-1 text-xs text-neutral-600">
              <dt>订单号</dt>
              <dd className="font-mono text-neutral-800">{review.order.order_no}</dd>
              {rental ? (
                <>
                  <dt>租赁方式</dt>
                  <dd className="text-neutral-800">{rental}</dd>
                </>
              ) : null}
              <dt>租期</dt>
              <dd className="tabular-nums text-neutral-800">
                <time dateTime={review.order.hire_start_time ?? undefined}>{formatShanghaiIso(review.order.hire_start_time)}</time>
                {' – '}
                <time dateTime={review.order.hire_end_time ?? undefined}>{formatShanghaiIso(review.order.hire_end_time)}</time>
              </dd>
            </dl>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="review-body" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-neutral-200">
        <h3 id="review-body" className="font-medium text-neutral-900">
          我的评价
        </h3>
        <p className="flex flex-wrap items-center gap-2">
          <StarsShown rating={review.rating} size="text-xl" />
          <span className="text-amber-700">{REVIEW_RATING_LABELS[review.rating]}</span>
        </p>
        <p className="break-words whitespace-pre-line text-neutral-800" data-review-content>
          {review.content}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-neutral-100 pt-3 text-xs text-neutral-600">
          <dt>评价时间</dt>
          <dd className="tabular-nums text-neutral-800">
            <time dateTime={review.created_at}>{formatShanghaiIso(review.created_at)}</time>
          </dd>
          <dt>显示为</dt>
          <dd className="text-neutral-800">
            {review.shown_as}
            {review.is_anonymous ? '（匿名评价，不显示昵称和头像）' : ''}
          </dd>
        </dl>
      </section>

      <div className="flex flex-wrap gap-3">
        <a href={`/detail/${review.product.id}.html`} className={`rounded-full bg-primary px-4 py-1.5 text-sm text-white hover:bg-primary-dark ${focusRing}`}>
          再次租用
        </a>
        <a href={BACK_HREF} className={outlineLinkClass}>
          返回我的评价
        </a>
      </div>
    </div>
  );
}

/** The assessInfo page's island: the sign-in prompt when signed out, the review otherwise. */
export default function ReviewDetail({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Detail />
    </LoginRequired>
  );
}
