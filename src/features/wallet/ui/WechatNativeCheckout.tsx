import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { getOrderInfo } from '~/features/orders/client/orders';
import { getWechatNativeQr, type WechatNativeQr } from '~/features/wallet/client/wechat-pay';
import { PAY_STATUS_CODE } from '~/platform/config/constants';
import { routeByName } from '~/platform/config/routes';
import { formatShanghaiClock } from '~/platform/rules/shanghai-time';
import { $isLoggedIn } from '~/platform/stores/auth';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { Spinner } from '~/platform/ui/Spinner';
import { SignInPrompt } from '~/platform/ui/LoginRequired';
import { focusRing } from '~/platform/ui/focus-ring';

/**
 * How often the page asks whether the order is paid. The payer needs a while to take out the
 * phone and scan, so it keeps asking until the pay deadline, not PayResult's one minute.
 */
export const WECHAT_PAY_POLL_MS = 3_000;
export const WECHAT_QR_SIZE_PX = 220;
export const WECHAT_PAYMENT_NOT_FOUND_TEXT = '支付单不存在';
export const WECHAT_PAYMENT_CLOSED_TEXT = '该支付二维码已失效，请返回订单重新支付';
export const WECHAT_SCAN_HINT_TEXT = '请使用微信扫一扫，扫描二维码完成支付';

/** /pay-result for the order: it shows the outcome (paid, cancelled, or still confirming). */
export function payResultUrl(orderNo: string): string {
  return `${routeByName('pay-result').path}?order_no=${encodeURIComponent(orderNo)}`;
}

export interface WechatPaymentWatcher {
  /** The order is not waiting for this payment any more (paid, or cancelled): go to /pay-result. */
  onSettled(): void;
  /** The pay deadline has passed with the order still unpaid. */
  onExpired(): void;
}

/**
 * Asks GET order/info every WECHAT_PAY_POLL_MS until the order stops being 支付确认中 (the
 * gateway's notify landed, or it was cancelled) or the pay deadline passes. A failed call is
 * asked again at the next tick (the phone may be paying while the network hiccups). Returns the
 * function that stops it.
 */
export function watchWechatPayment(orderNo: string, deadline: Date, watcher: WechatPaymentWatcher): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = (): void => {
    if (Date.now() >= deadline.getTime()) watcher.onExpired();
    else timer = setTimeout(() => void check(), WECHAT_PAY_POLL_MS);
  };
  const check = async (): Promise<void> => {
    try {
      const info = await getOrderInfo(orderNo, { signal: controller.signal });
      if (controller.signal.aborted) return;
      if (info.pay_status_code !== PAY_STATUS_CODE.paying) return watcher.onSettled();
    } catch (error) {
      if ((isApiError(error) && error.cancelled) || controller.signal.aborted) return;
    }
    next();
  };
  timer = setTimeout(() => void check(), WECHAT_PAY_POLL_MS);
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}

type Load = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; qr: WechatNativeQr };

/**
 * /pay/wechat/<pay_no>: WeChat Pay Native shows its code as a QR for the payer's phone. The page
 * is rendered without the user's token, so the QR is fetched here (only its owner gets it), and
 * the page moves to /pay-result once the order is paid.
 */
export default function WechatNativeCheckout({ payNo }: { payNo: string }): ReactNode {
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [expired, setExpired] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!$loggedIn) return;
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    getWechatNativeQr(payNo, { signal: controller.signal }).then(
      (qr) => setLoad({ kind: 'ready', qr }),
      (error: unknown) => {
        if (controller.signal.aborted || (isApiError(error) && error.cancelled)) return;
        setLoad({ kind: isApiError(error) && error.httpStatus === 404 ? 'missing' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [payNo, $loggedIn, attempt]);

  const ready = load.kind === 'ready' ? load.qr : null;
  useEffect(() => {
    if (!ready) return;
    if (ready.status === 'paid') return location.assign(payResultUrl(ready.order_no));
    if (ready.status !== 'waiting') return;
    return watchWechatPayment(ready.order_no, new Date(ready.pay_deadline), {
      onSettled: () => location.assign(payResultUrl(ready.order_no)),
      onExpired: () => setExpired(true),
    });
  }, [ready]);

  if (!$loggedIn) {
    return (
      <SignInPrompt title="支付二维码" />
    );
  }
  if (load.kind === 'loading') return <Skeleton lines={4} className="mx-auto max-w-md py-10" />;
  if (load.kind === 'missing') return <EmptyState type={3} text={WECHAT_PAYMENT_NOT_FOUND_TEXT} />;
  if (load.kind === 'failed') return <LoadFailed text="获取支付二维码失败" onRetry={() => setAttempt((count) => count + 1)} />;
  return <WechatNativePanel qr={load.qr} expired={expired} />;
}

/** The payment and its QR (or why there is none); static, so it renders the same in a test. */
export function WechatNativePanel({ qr, expired = false }: { qr: WechatNativeQr; expired?: boolean }): ReactNode {
  const waiting = qr.status === 'waiting' && !expired && qr.qr_image !== null;
  const deadline = new Date(qr.pay_deadline);
  return (
    <article aria-labelledby="wechat-pay-title" className="mx-auto flex w-full max-w-md flex-col items-center gap-5 rounded-lg bg-white px-6 py-8 text-center ring-1 ring-neutral-200" data-wechat-pay={waiting ? 'waiting' : expired ? 'closed' : qr.status}>
      <h2 id="wechat-pay-title" className="flex items-center gap-2 text-xl font-bold text-[#07c160]">
        <span aria-hidden="true" className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-[#07c160] text-base text-white">
          微
        </span>
        微信支付
      </h2>
      <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-left text-sm">
        <dt className="text-neutral-600">商品</dt>
        <dd className="text-neutral-900">{qr.subject}</dd>
        <dt className="text-neutral-600">金额</dt>
        <dd className="text-2xl font-bold tabular-nums text-primary" data-amount>
          ¥{qr.amount}
        </dd>
      </dl>
      {waiting ? (
        <>
          <div className="rounded border border-neutral-200 bg-white p-2">
            <img src={qr.qr_image ?? ''} alt="微信支付二维码" width={WECHAT_QR_SIZE_PX} height={WECHAT_QR_SIZE_PX} />
          </div>
          <div role="status" aria-live="polite" className="flex flex-col items-center gap-1 text-sm text-neutral-700">
            <p>{WECHAT_SCAN_HINT_TEXT}</p>
            {Number.isNaN(deadline.getTime()) ? null : <p className="text-neutral-500">请在 {formatShanghaiClock(deadline)} 前完成支付</p>}
            <p className="flex items-center gap-2 text-neutral-500">
              <Spinner className="h-4 w-4" />
              支付完成后页面将自动跳转
            </p>
          </div>
        </>
      ) : (
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
          <p className="text-base font-medium text-neutral-900">{qr.status === 'paid' ? '该笔订单已支付，正在跳转…' : WECHAT_PAYMENT_CLOSED_TEXT}</p>
        </div>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <a href={payResultUrl(qr.order_no)} className={`rounded-full border border-primary px-5 py-1.5 text-sm text-primary hover:bg-primary-light ${focusRing}`}>
          已完成支付
        </a>
        <a href="/account/order" className={`rounded-full border border-neutral-300 px-5 py-1.5 text-sm text-neutral-700 hover:bg-neutral-50 ${focusRing}`}>
          返回订单
        </a>
      </div>
    </article>
  );
}
