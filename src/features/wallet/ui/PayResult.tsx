import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { type OrderInfo } from '~/features/wallet/client/money';
import { getOrderInfo } from '~/features/orders/client/orders';
import { PAY_STATUS_CODE } from '~/platform/config/constants';
import { MSG_PAY_RESULT_NO_ORDER, PAY_RESULT_TEXT, type OrderKindName } from '~/features/orders/rules/order-status';
import { $isLoggedIn } from '~/platform/stores/auth';
import { showError } from '~/platform/stores/ui';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { Spinner } from '~/platform/ui/Spinner';
import { SignInPrompt } from '~/platform/ui/LoginRequired';
import { focusRing } from '~/platform/ui/focus-ring';

// The rental's login details load only for a paid rental (a VIP or recharge result never needs them).
const PaidRentalAccess = lazy(() => import('~/features/orders/ui/PaidRentalAccess').then((module) => ({ default: module.PaidRentalAccess })));

/** While the gateway's notify has not arrived (支付确认中) the page asks again this often ... */
export const PAY_RESULT_POLL_MS = 2_000;
/** ... for this long after its first question, then gives up. */
export const PAY_RESULT_POLL_LIMIT_MS = 60_000;
export const PAY_RESULT_TIMEOUT_TEXT = '支付结果确认超时，请稍后在订单中查看';

export interface PayResultLink {
  label: string;
  href: string;
}

export type PayResultState = 'missing' | 'loading' | 'success' | 'paying' | 'timeout' | 'cancelled' | 'unpaid';

export interface PayResultView {
  state: PayResultState;
  orderNo: string | null;
  title: string;
  links: PayResultLink[];
}

const ORDERS_LINK: PayResultLink = { label: '返回订单', href: '/account/order' };

const SUCCESS_LINKS: Readonly<Record<OrderKindName, PayResultLink[]>> = {
  rental: [
    { label: '查看订单', href: '/account/order?filter=running' },
    { label: '继续逛逛', href: '/zuhao.html' },
  ],
  vip: [{ label: '查看VIP', href: '/VIPSubscribe' }],
  recharge: [{ label: '查看余额', href: '/account/purse' }],
};

/** The order number a gateway sends back: order_no, or out_trade_no (the gateways' own name for it). */
export function orderNoFromQuery(search: string | URLSearchParams): string | null {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = (query.get('order_no') ?? query.get('out_trade_no') ?? '').trim();
  return value === '' ? null : value;
}

/**
 * What /pay-result shows for its query and the order's pay_status_code (spec §4 pay status
 * check, §8 缺少商户单号,获取支付结果失败). `info` null means not known yet; `timedOut` means
 * 支付确认中 lasted past PAY_RESULT_POLL_LIMIT_MS.
 */
export function decidePayResult(search: string | URLSearchParams, info: Pick<OrderInfo, 'kind' | 'pay_status_code'> | null, timedOut = false): PayResultView {
  const orderNo = orderNoFromQuery(search);
  if (orderNo === null) return { state: 'missing', orderNo, title: MSG_PAY_RESULT_NO_ORDER, links: [ORDERS_LINK] };
  if (info === null) return { state: 'loading', orderNo, title: '正在获取支付结果', links: [] };
  switch (info.pay_status_code) {
    case PAY_STATUS_CODE.success:
      return { state: 'success', orderNo, title: PAY_RESULT_TEXT[PAY_STATUS_CODE.success], links: SUCCESS_LINKS[info.kind] };
    case PAY_STATUS_CODE.paying:
      return timedOut
        ? { state: 'timeout', orderNo, title: PAY_RESULT_TIMEOUT_TEXT, links: [{ label: '查看订单', href: ORDERS_LINK.href }] }
        : { state: 'paying', orderNo, title: PAY_RESULT_TEXT[PAY_STATUS_CODE.paying], links: [] };
    case PAY_STATUS_CODE.cancelled:
      return { state: 'cancelled', orderNo, title: PAY_RESULT_TEXT[PAY_STATUS_CODE.cancelled], links: [ORDERS_LINK] };
    default:
      return { state: 'unpaid', orderNo, title: PAY_RESULT_TEXT[PAY_STATUS_CODE.failed], links: [ORDERS_LINK] };
  }
}

export interface PayResultWatcher {
  onInfo(info: OrderInfo): void;
  /** Still 支付确认中 after PAY_RESULT_POLL_LIMIT_MS. */
  onTimeout(): void;
  /** A call failed (the client has shown why). */
  onFailure(): void;
}

/**
 * Reads the order's pay status, and again every PAY_RESULT_POLL_MS while it is 支付确认中 (the
 * gateway's notify can land a little after the payer returns), for at most
 * PAY_RESULT_POLL_LIMIT_MS. Returns the function that stops it.
 */
export function watchPayResult(orderNo: string, watcher: PayResultWatcher): () => void {
  const controller = new AbortController();
  const deadline = Date.now() + PAY_RESULT_POLL_LIMIT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async (): Promise<void> => {
    try {
      const info = await getOrderInfo(orderNo, { signal: controller.signal });
      if (controller.signal.aborted) return;
      watcher.onInfo(info);
      if (info.pay_status_code !== PAY_STATUS_CODE.paying) return;
      if (Date.now() + PAY_RESULT_POLL_MS > deadline) watcher.onTimeout();
      else timer = setTimeout(() => void check(), PAY_RESULT_POLL_MS);
    } catch (error) {
      if ((isApiError(error) && error.cancelled) || controller.signal.aborted) return;
      watcher.onFailure();
    }
  };
  void check();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}


/**
 * /pay-result (spec §2, §7 "GET order info"): where a gateway sends the payer back. The order is
 * the user's, so everything is read in the browser; 支付确认中 is asked again until the gateway's
 * notify lands or a minute has passed.
 */
export default function PayResult(): ReactNode {
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [search, setSearch] = useState<string | null>(null);
  const [info, setInfo] = useState<OrderInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setSearch(location.search);
    if (orderNoFromQuery(location.search) === null) showError(MSG_PAY_RESULT_NO_ORDER);
  }, []);

  const orderNo = search === null ? null : orderNoFromQuery(search);

  useEffect(() => {
    if (orderNo === null || !$loggedIn) return;
    return watchPayResult(orderNo, { onInfo: setInfo, onTimeout: () => setTimedOut(true), onFailure: () => setFailed(true) });
  }, [orderNo, $loggedIn, attempt]);

  function retry(): void {
    setInfo(null);
    setFailed(false);
    setTimedOut(false);
    setAttempt((count) => count + 1);
  }

  if (search === null) return <Skeleton lines={3} className="mx-auto max-w-md py-10" />;
  const view = decidePayResult(search, info, timedOut);
  if (view.state !== 'missing' && !$loggedIn) {
    return (
      <SignInPrompt title="支付结果" />
    );
  }
  if (failed) {
    return (
      <LoadFailed text="获取支付结果失败" onRetry={retry} />
    );
  }

  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-lg bg-white px-6 py-10 text-center ring-1 ring-neutral-200" data-pay-result={view.state}>
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
        <ResultIcon state={view.state} />
        <p className={`text-xl font-bold ${view.state === 'success' ? 'text-emerald-700' : 'text-neutral-900'}`}>{view.title}</p>
        {view.orderNo ? <p className="text-sm text-neutral-600">订单号 {view.orderNo}</p> : null}
      </div>
      {view.state === 'success' && info?.kind === 'rental' && view.orderNo ? (
        <Suspense fallback={<Skeleton lines={2} className="w-full" />}>
          <PaidRentalAccess orderNo={view.orderNo} />
        </Suspense>
      ) : null}
      {view.links.length > 0 ? (
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          {view.links.map((link, index) => (
            <a
              key={link.href}
              href={link.href}
              className={
                index === 0
                  ? `rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark ${focusRing}`
                  : `rounded-full border border-primary px-6 py-2 text-sm text-primary hover:bg-primary-light ${focusRing}`
              }
            >
              {link.label}
            </a>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function ResultIcon({ state }: { state: PayResultState }): ReactNode {
  if (state === 'loading' || state === 'paying') return <Spinner className="h-14 w-14 text-primary" />;
  const success = state === 'success';
  return (
    <svg viewBox="0 0 48 48" width="64" height="64" aria-hidden="true" focusable="false" className={success ? 'text-emerald-600' : 'text-amber-500'}>
      <circle cx="24" cy="24" r="22" fill="currentColor" />
      {success ? (
        <path d="M14 24.5l7 7 13-14" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M24 13v14M24 34v.5" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      )}
    </svg>
  );
}
