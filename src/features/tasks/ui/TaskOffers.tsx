import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { MONEY_CODES, type OrderView } from '~/features/wallet/client/money';
import { getOrder } from '~/features/orders/client/orders';
import { acceptOffer, closeTask, getTaskDetail, listOfferableListings, makeOffer, type OfferableListing, type TaskDetail, type TaskOfferView } from '~/features/tasks/client';
import { TASK_OFFER_NOTE_MAX_CHARS } from '~/features/tasks/constants';
import { fenToYuan, yuanToFen } from '~/platform/rules/money';
import { MSG_OFFER_OVER_BUDGET, MSG_OFFER_PRICE_INVALID } from '~/features/tasks/rules/wanted-tasks';
import { payResultHref } from '~/features/orders/rules/order-status';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin, openModal, showSuccess } from '~/platform/stores/ui';
import { EmptyState } from '~/platform/ui/EmptyState';
import { focusRing } from '~/platform/ui/focus-ring';
import { Skeleton } from '~/platform/ui/Skeleton';
import { formInput } from '~/platform/ui/field-classes';

const PayDialog = lazy(() => import('~/features/wallet/ui/PayDialog').then((module) => ({ default: module.PayDialog })));

export interface TaskOffersProps {
  taskId: number;
}

const primary = `rounded-full bg-primary px-4 py-1.5 text-sm font-bold text-white hover:bg-primary-dark disabled:opacity-60 ${focusRing}`;
const outline = `rounded-full border border-neutral-300 px-4 py-1.5 text-sm text-neutral-700 hover:border-primary hover:text-primary disabled:opacity-60 ${focusRing}`;

const yuan = (fen: number): string => `¥${fenToYuan(fen)}`;

function OfferCard({ offer, action }: { offer: TaskOfferView; action?: ReactNode }): ReactNode {
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-neutral-200 sm:flex-row sm:items-center" data-offer={offer.id}>
      {offer.listing_cover ? <img src={offer.listing_cover} alt="" className="h-16 w-24 shrink-0 rounded object-cover" loading="lazy" /> : null}
      <div className="min-w-0 flex-1">
        <a href={`/detail/${offer.listing_id}.html`} className="line-clamp-2 font-medium text-neutral-900 hover:text-primary">{offer.listing_title}</a>
        <p className="mt-0.5 text-xs text-neutral-500">
          {offer.shop_name} · 原价 {yuan(offer.listing_rental_fen)}/小时{offer.deposit_fen > 0 ? ` · 押金 ${yuan(offer.deposit_fen)}` : ''}
        </p>
        {offer.note ? <p className="mt-1 text-sm break-words text-neutral-700">“{offer.note}”</p> : null}
      </div>
      <div className="flex shrink-0 items-center justify-between gap-4 sm:flex-col sm:items-end sm:gap-1">
        <p className="text-right">
          <span className="text-lg font-bold text-primary">{yuan(offer.price_hour_fen)}</span>
          <span className="text-xs text-neutral-500">/小时</span>
          <span className="block text-xs text-neutral-500">共 {yuan(offer.price_total_fen)}</span>
        </p>
        {action ?? <span className="text-xs text-neutral-500">{offer.status_text}</span>}
      </div>
    </li>
  );
}

/**
 * The private half of a task (wanted board): its owner sees every offer and accepts one,
 * which makes an ordinary order paid in the usual dialog; a seller sees their own offers and offers
 * one of their listed accounts of the task's game. Visitors are asked to sign in.
 */
export default function TaskOffers({ taskId }: TaskOffersProps): ReactNode {
  const [mounted, setMounted] = useState(false);
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [detail, setDetail] = useState<TaskDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | 'close' | null>(null);
  const [paying, setPaying] = useState<OrderView | null>(null);

  const load = useCallback(async () => {
    try {
      setDetail(await getTaskDetail(taskId));
      setLoadError(null);
    } catch (failure) {
      setLoadError(isApiError(failure) && failure.msg ? failure.msg : '加载失败，请刷新重试');
    }
  }, [taskId]);

  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (mounted && $loggedIn) void load();
  }, [mounted, $loggedIn, load]);

  if (!mounted) return <Skeleton lines={3} className="py-4" />;
  if (!$loggedIn) {
    return (
      <EmptyState
        type={1}
        text="登录后查看报价；号主可以用自己的账号参与报价"
        action={<button type="button" onClick={() => openLogin('scan')} className={primary}>立即登录</button>}
      />
    );
  }
  if (loadError) return <p role="alert" className="py-6 text-center text-sm text-primary">{loadError}</p>;
  if (!detail) return <Skeleton lines={3} className="py-4" />;

  async function accept(offer: TaskOfferView): Promise<void> {
    setError(null);
    setBusy(offer.id);
    try {
      const answer = await acceptOffer(offer.id);
      const order = await getOrder(answer.order_no);
      await load();
      setPaying(order);
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      if (failure.code === MONEY_CODES.realNameRequired) openModal('realName');
      setError(failure.msg || '操作失败，请重试');
    } finally {
      setBusy(null);
    }
  }

  async function payAccepted(orderNo: string): Promise<void> {
    setError(null);
    try {
      setPaying(await getOrder(orderNo));
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setError(failure.msg || '订单加载失败');
    }
  }

  async function close(): Promise<void> {
    setError(null);
    setBusy('close');
    try {
      await closeTask(taskId);
      showSuccess('任务已关闭');
      location.reload();
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setError(failure.msg || '操作失败，请重试');
      setBusy(null);
    }
  }

  const { task, offers } = detail;
  const open = task.state === 'open';

  if (task.is_mine) {
    const unpaid = paying === null && detail.order_no !== null;
    return (
      <section aria-labelledby="offers-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="offers-title" className="text-lg font-bold text-neutral-900">收到的报价（{offers.length}）</h2>
          {open ? <button type="button" onClick={() => void close()} disabled={busy !== null} className={outline}>关闭任务</button> : null}
        </div>
        <p className="text-xs text-neutral-500">报价只有您能看到。接受一个报价后将按报价生成订单，其余报价自动失效。</p>
        {error ? <p role="alert" className="text-sm text-primary">{error}</p> : null}
        {unpaid ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
            <span>已接受报价，订单号 {detail.order_no}</span>
            <button type="button" onClick={() => void payAccepted(detail.order_no!)} className={primary}>查看并支付</button>
            <a href="/account/order" className="text-emerald-900 underline">我的订单</a>
          </div>
        ) : null}
        {offers.length === 0 ? (
          <EmptyState type={1} text={open ? '还没有号主报价，请耐心等待' : '没有报价'} />
        ) : (
          <ul className="space-y-3">
            {offers.map((offer) => (
              <OfferCard
                key={offer.id}
                offer={offer}
                action={open && offer.status === 'pending' ? (
                  <button type="button" onClick={() => void accept(offer)} disabled={busy !== null} className={primary}>
                    {busy === offer.id ? '处理中…' : '接受报价'}
                  </button>
                ) : undefined}
              />
            ))}
          </ul>
        )}
        {paying ? (
          <Suspense fallback={null}>
            <PayDialog open order={paying} onClose={() => setPaying(null)} onPaid={(paid) => location.assign(payResultHref(paid.order_no))} />
          </Suspense>
        ) : null}
      </section>
    );
  }

  return (
    <section aria-labelledby="offers-title" className="space-y-3">
      <h2 id="offers-title" className="text-lg font-bold text-neutral-900">我的报价</h2>
      {offers.length > 0 ? (
        <ul className="space-y-3">
          {offers.map((offer) => <OfferCard key={offer.id} offer={offer} />)}
        </ul>
      ) : (
        <p className="text-sm text-neutral-500">您还没有对这个任务报价。报价只有发布者能看到。</p>
      )}
      {open ? <OfferForm taskId={taskId} budgetHourFen={task.budget_hour_fen} hours={task.hours} onOffered={() => void load()} /> : null}
    </section>
  );
}

function OfferForm({ taskId, budgetHourFen, hours, onOffered }: { taskId: number; budgetHourFen: number; hours: number; onOffered(): void }): ReactNode {
  const id = useId();
  const [choices, setChoices] = useState<OfferableListing[] | null>(null);
  const [listing, setListing] = useState('');
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listOfferableListings(taskId, { signal: controller.signal })
      .then((rows) => {
        setChoices(rows);
        if (rows[0]) setListing(String(rows[0].id));
      })
      .catch(() => setChoices([]));
    return () => controller.abort();
  }, [taskId]);

  if (choices === null) return <Skeleton lines={2} className="py-2" />;
  if (choices.length === 0) {
    return (
      <p className="rounded-lg bg-neutral-50 px-4 py-3 text-sm text-neutral-600">
        没有可报价的账号：需要开通店铺，并有该游戏的上架账号（已报过价的账号不再列出）。<a href="/seller" className="text-primary-dark hover:underline">去卖家中心</a>
      </p>
    );
  }

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    setError(null);
    let fen: number;
    try {
      fen = yuanToFen(price);
    } catch {
      setError(MSG_OFFER_PRICE_INVALID);
      return;
    }
    if (fen < 1) return setError(MSG_OFFER_PRICE_INVALID);
    if (fen > budgetHourFen) return setError(MSG_OFFER_OVER_BUDGET);
    setBusy(true);
    try {
      await makeOffer({ task_id: taskId, listing_id: Number(listing), price_hour_fen: fen, note: note.trim() });
      showSuccess('报价成功');
      setPrice('');
      setNote('');
      onOffered();
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setError(failure.msg || '报价失败，请重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="参与报价" className="grid gap-3 rounded-lg bg-white p-4 ring-1 ring-neutral-200 sm:grid-cols-2">
      <h3 className="font-bold text-neutral-900 sm:col-span-2">参与报价</h3>
      <label className="flex flex-col gap-1 text-sm text-neutral-700 sm:col-span-2" htmlFor={`${id}-listing`}>
        报价账号
        <select id={`${id}-listing`} className={formInput} value={listing} onChange={(event) => setListing(event.target.value)}>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>{choice.title}（原价 {yuan(choice.rental_fen)}/小时）</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm text-neutral-700" htmlFor={`${id}-price`}>
        每小时报价（元）
        <input id={`${id}-price`} className={formInput} inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} placeholder={`不高于 ${fenToYuan(budgetHourFen)}`} />
        <span className="text-xs text-neutral-500">租客需租 {hours} 小时</span>
      </label>
      <label className="flex flex-col gap-1 text-sm text-neutral-700" htmlFor={`${id}-note`}>
        备注（选填）
        <input id={`${id}-note`} className={formInput} maxLength={TASK_OFFER_NOTE_MAX_CHARS} value={note} onChange={(event) => setNote(event.target.value)} placeholder="例如：随时可上号" />
      </label>
      <div className="flex flex-col gap-2 sm:col-span-2">
        {error ? <p role="alert" className="text-sm text-primary">{error}</p> : null}
        <button type="submit" disabled={busy} className={`${primary} sm:self-start`}>{busy ? '提交中…' : '提交报价'}</button>
      </div>
    </form>
  );
}
