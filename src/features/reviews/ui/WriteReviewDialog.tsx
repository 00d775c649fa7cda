import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { type OrderView } from '~/features/wallet/client/money';
import { getOrder } from '~/features/orders/client/orders';
import { writeReview, type MyReview } from '~/features/reviews/client';
import { REVIEW_CONTENT_MAX_CHARS } from '~/features/reviews/constants';
import { MSG_REVIEW_RATING, isReviewRating, reviewContentError, reviewLength } from '~/features/reviews/rules/review-writing';
import { ANONYMOUS_NICKNAME, maskNickname } from '~/features/reviews/rules/reviews';
import { $auth } from '~/platform/stores/auth';
import { rentalSummary } from '~/features/orders/ui/order-helpers';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { focusRing } from '~/platform/ui/focus-ring';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Modal } from '~/platform/ui/Modal';
import { Skeleton } from '~/platform/ui/Skeleton';
import { reviewInfoHref, writeBlock, writeFailure } from '~/features/reviews/ui/review-helpers';
import { StarRating } from '~/features/reviews/ui/StarRating';

/** What the renter has entered so far; kept by the page, so a dialog closed by a stray click loses nothing. */
export interface ReviewDraft {
  rating: number | null;
  content: string;
  anonymous: boolean;
}

export const EMPTY_DRAFT: ReviewDraft = { rating: null, content: '', anonymous: false };

export interface WriteReviewDialogProps {
  orderNo: string;
  /** The order when the list already holds it; otherwise it is fetched by number. */
  order: OrderView | null;
  draft: ReviewDraft;
  onDraft(draft: ReviewDraft): void;
  onClose(): void;
  onDone(review: MyReview): void;
}

/** 发表评价: the form over 我的评价, for one order. */
export function WriteReviewDialog(props: WriteReviewDialogProps): ReactNode {
  return (
    <Modal open title="发表评价" onClose={props.onClose}>
      <WriteReviewBody {...props} />
    </Modal>
  );
}

type OrderLoad = { kind: 'loading' } | { kind: 'missing'; msg: string } | { kind: 'failed' } | { kind: 'ready'; order: OrderView };

function WriteReviewBody({ orderNo, order: known, draft, onDraft, onClose, onDone }: WriteReviewDialogProps): ReactNode {
  const [load, setLoad] = useState<OrderLoad>(known ? { kind: 'ready', order: known } : { kind: 'loading' });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (known) return;
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    getOrder(orderNo, { signal: controller.signal })
      .then((order) => setLoad({ kind: 'ready', order }))
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        // 404 订单不存在 (not the renter's, or a mistyped link) is an answer, not a failed load.
        if (isApiError(error) && error.httpStatus === 404) setLoad({ kind: 'missing', msg: error.msg });
        else setLoad({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [orderNo, known, reload]);

  if (load.kind === 'loading') return <Skeleton lines={5} className="py-4" />;
  if (load.kind === 'failed') return <LoadFailed text="获取订单失败" onRetry={() => setReload((count) => count + 1)} />;
  if (load.kind === 'missing') return <Blocked text={load.msg} orderNo={orderNo} onClose={onClose} />;

  const block = writeBlock(load.order);
  if (block) return <Blocked text={block} orderNo={orderNo} reviewId={load.order.review_id} onClose={onClose} />;
  return <ReviewForm order={load.order} draft={draft} onDraft={onDraft} onClose={onClose} onDone={onDone} />;
}

function Blocked({ text, orderNo, reviewId = null, onClose }: { text: string; orderNo: string; reviewId?: number | null; onClose(): void }): ReactNode {
  return (
    <div className="space-y-4 text-sm">
      <p className="text-neutral-600">订单号 {orderNo}</p>
      <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
        {text}
      </p>
      <div className="flex justify-end gap-3">
        {reviewId !== null ? (
          <a href={reviewInfoHref(reviewId)} className={`rounded bg-primary px-4 py-2 text-white hover:bg-primary-dark ${focusRing}`}>
            查看评价
          </a>
        ) : null}
        <button type="button" onClick={onClose} className={`rounded border border-neutral-300 px-4 py-2 text-neutral-700 hover:text-primary ${focusRing}`}>
          关闭
        </button>
      </div>
    </div>
  );
}

function OrderSummary({ order }: { order: OrderView }): ReactNode {
  const product = order.productInfo;
  const summary = rentalSummary(order);
  return (
    <div className="flex gap-3 rounded-md bg-neutral-50 p-3">
      {product?.img ? (
        <img src={product.img} alt="" width={56} height={56} decoding="async" className="h-14 w-14 shrink-0 rounded object-cover" />
      ) : (
        <div aria-hidden="true" className="h-14 w-14 shrink-0 rounded bg-neutral-200" />
      )}
      <div className="min-w-0 space-y-0.5">
        <p className="line-clamp-2 font-medium text-neutral-900">{product?.title ?? '账号信息已删除'}</p>
        {product ? <p className="truncate text-xs text-neutral-600">{[product.game_name, product.role_name].filter(Boolean).join(' · ')}</p> : null}
        <p className="text-xs text-neutral-500">
          订单号 <span className="font-mono">{order.order_no}</span>
          {summary ? ` · ${summary}` : ''}
        </p>
      </div>
    </div>
  );
}

interface ReviewFormProps {
  order: OrderView;
  draft: ReviewDraft;
  onDraft(draft: ReviewDraft): void;
  onClose(): void;
  onDone(review: MyReview): void;
}

function ReviewForm({ order, draft, onDraft, onClose, onDone }: ReviewFormProps): ReactNode {
  const id = useId();
  const nickname = useStore($auth).user?.nickname ?? '';
  /** Errors show once the renter has tried to send (or left the text box), not while typing the first word. */
  const [tried, setTried] = useState(false);
  const [contentTouched, setContentTouched] = useState(false);
  const [failure, setFailure] = useState<{ msg: string; alreadyReviewed: boolean } | null>(null);

  const length = reviewLength(draft.content);
  const contentError = reviewContentError(draft.content);
  const ratingError = tried && !isReviewRating(draft.rating) ? MSG_REVIEW_RATING : null;
  const showContentError = (tried || contentTouched) && contentError !== null;
  const publicName = draft.anonymous ? ANONYMOUS_NICKNAME : nickname ? maskNickname(nickname) : null;

  async function submit(): Promise<void> {
    setTried(true);
    if (!isReviewRating(draft.rating) || contentError) {
      // Send the keyboard to the first thing to fix.
      const first = isReviewRating(draft.rating) ? document.getElementById(`${id}-content`) : document.getElementById(`${id}-stars`)?.querySelector('input');
      first?.focus();
      return;
    }
    setFailure(null);
    try {
      onDone(await writeReview({ order_no: order.order_no, rating: draft.rating, content: draft.content.trim(), is_anonymous: draft.anonymous }));
    } catch (error) {
      setFailure(writeFailure(error));
    }
  }

  return (
    <div className="space-y-4 text-sm">
      <OrderSummary order={order} />

      <div id={`${id}-stars`}>
        <StarRating legend="评分" value={draft.rating} onChange={(rating) => onDraft({ ...draft, rating })} error={ratingError} autoFocus />
      </div>

      <div>
        <div className="mb-1 flex items-baseline justify-between">
          <label htmlFor={`${id}-content`} className="font-medium text-neutral-900">
            评价内容
          </label>
          <span id={`${id}-count`} className={`text-xs tabular-nums ${length > REVIEW_CONTENT_MAX_CHARS ? 'text-primary-dark' : 'text-neutral-500'}`} data-review-count>
            {length}/{REVIEW_CONTENT_MAX_CHARS}
          </span>
        </div>
        <textarea
          id={`${id}-content`}
          value={draft.content}
          onChange={(event) => onDraft({ ...draft, content: event.target.value })}
          onBlur={() => setContentTouched(true)}
          rows={5}
          placeholder="说说这次租号的体验：上号是否顺利、账号与描述是否一致……"
          aria-describedby={`${id}-count${showContentError ? ` ${id}-content-error` : ''}`}
          aria-invalid={showContentError ? true : undefined}
          className="w-full resize-y rounded border border-neutral-300 px-3 py-2 focus:border-primary focus:outline-none"
        />
        {showContentError ? (
          <p id={`${id}-content-error`} className="mt-1 text-xs text-primary-dark">
            {contentError}
          </p>
        ) : null}
      </div>

      <div>
        <label className="inline-flex cursor-pointer items-center gap-2 text-neutral-800">
          <input
            type="checkbox"
            checked={draft.anonymous}
            onChange={(event) => onDraft({ ...draft, anonymous: event.target.checked })}
            aria-describedby={`${id}-shown-as`}
            className="h-4 w-4 accent-primary"
          />
          匿名评价
        </label>
        <p id={`${id}-shown-as`} className="mt-1 text-xs text-neutral-500">
          {publicName ? `其他用户看到的评价人：${publicName}` : '勾选后其他用户看到的评价人为“匿名用户”'}
          {draft.anonymous ? '，不显示你的昵称和头像' : ''}
        </p>
      </div>

      <p className="text-xs text-neutral-500">评价提交后不能修改或删除，将显示在该账号的详情页。</p>

      {failure ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-primary-dark">
          {failure.msg}
          {failure.alreadyReviewed ? (
            <a href="/account/assess?tab=written" className={`rounded border border-primary px-2 py-0.5 text-xs text-primary hover:bg-primary-light ${focusRing}`}>
              查看已评价
            </a>
          ) : null}
        </p>
      ) : null}

      <div className="flex justify-end gap-3 pt-1">
        <button type="button" onClick={onClose} className={`rounded border border-neutral-300 px-4 py-2 text-neutral-700 hover:text-primary ${focusRing}`}>
          取消
        </button>
        <DebounceButton onAction={submit}>提交评价</DebounceButton>
      </div>
    </div>
  );
}
