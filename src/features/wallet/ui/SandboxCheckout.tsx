import { useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { cancelSandboxPayment, confirmSandboxPayment } from '~/features/wallet/client/sandbox-pay';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { sameSiteReturnPath } from '~/platform/rules/return-path';

export type SandboxTradeStatus = 'waiting' | 'paid' | 'cancelled';

export interface SandboxCheckoutProps {
  payNo: string;
  channel: 'alipay' | 'wechat';
  subject: string;
  /** Yuan string, "12.50". */
  amount: string;
  status: SandboxTradeStatus;
  /** The shop's page for this trade (/pay-result?order_no=...). */
  returnUrl: string;
}

export const SANDBOX_BANNER_TEXT = '沙箱支付网关（非真实扣款）';
export const SANDBOX_CLOSED_TEXT: Readonly<Record<Exclude<SandboxTradeStatus, 'waiting'>, string>> = {
  paid: '该笔交易已付款',
  cancelled: '该笔交易已关闭',
};

// The gateways' own brand colours: the one place outside the shop's red, so the tester sees at a
// glance which gateway this page plays.
const CHANNEL_LOOK = {
  alipay: { name: '支付宝', text: 'text-[#1677ff]', button: 'bg-[#1677ff] hover:bg-[#0958d9]', mark: 'bg-[#1677ff]', letter: '支' },
  wechat: { name: '微信支付', text: 'text-[#07c160]', button: 'bg-[#07c160] hover:bg-[#06a652]', mark: 'bg-[#07c160]', letter: '微' },
} as const;

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-800';

/**
 * Only a page of this site is followed: a same-site path, or an http(s) URL on the origin of the
 * return URL the page was rendered with (the shop's PUBLIC_BASE_URL). Anything else (javascript:,
 * data:, another host, `/\\host`) falls back to that return URL.
 */
export function safeReturnUrl(candidate: string, fallback: string): string {
  if (candidate.startsWith('/')) return sameSiteReturnPath(candidate, fallback);
  try {
    const url = new URL(candidate);
    const site = new URL(fallback);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === site.origin && !/[\\\s]/.test(candidate)) return url.href;
  } catch {
    // not a URL, or no site to compare with: fall through
  }
  return fallback;
}

/**
 * The sandbox gateway's checkout (it stands in for Alipay / WeChat Pay outside production): the
 * trade, and 确认付款 or 取消付款, each answered by the gateway with where to send the payer back.
 */
export default function SandboxCheckout({ payNo, channel, subject, amount, status, returnUrl }: SandboxCheckoutProps): ReactNode {
  const look = CHANNEL_LOOK[channel];
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function finish(call: (payNo: string) => Promise<{ return_url: string }>, leavingText: string): Promise<void> {
    try {
      const answer = await call(payNo);
      setLeaving(true);
      setMessage({ kind: 'info', text: leavingText });
      location.assign(safeReturnUrl(answer.return_url, returnUrl));
    } catch (error) {
      if (!isApiError(error)) throw error;
      // The client has toasted it; the page keeps the reason next to the buttons too.
      setMessage({ kind: 'error', text: error.msg });
    }
  }

  return (
    <article aria-labelledby="sandbox-checkout-title" className="mx-auto w-full max-w-md overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-neutral-200" data-sandbox-checkout data-status={status}>
      <p className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900" role="note">
        {SANDBOX_BANNER_TEXT}
      </p>
      <div className="flex flex-col gap-5 p-6">
        <h2 id="sandbox-checkout-title" className={`flex items-center gap-2 text-xl font-bold ${look.text}`} data-channel={channel}>
          <span aria-hidden="true" className={`inline-flex h-8 w-8 items-center justify-center rounded-lg text-base text-white ${look.mark}`}>
            {look.letter}
          </span>
          {look.name}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-neutral-600">商品</dt>
          <dd className="text-neutral-900">{subject}</dd>
          <dt className="text-neutral-600">金额</dt>
          <dd className="text-2xl font-bold tabular-nums text-neutral-900" data-amount>
            ¥{amount}
          </dd>
          <dt className="text-neutral-600">订单号</dt>
          <dd className="break-all font-mono text-neutral-900">{payNo}</dd>
        </dl>

        {status === 'waiting' ? (
          <div className="flex gap-3">
            <DebounceButton
              disabled={leaving}
              onAction={() => finish(confirmSandboxPayment, '付款成功，正在返回商户…')}
              className={`flex-1 inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-base font-medium text-white ${look.button} ${focusRing}`}
            >
              确认付款
            </DebounceButton>
            <DebounceButton
              disabled={leaving}
              onAction={() => finish(cancelSandboxPayment, '已取消付款，正在返回商户…')}
              className={`flex-1 inline-flex items-center justify-center gap-2 rounded-md border border-neutral-300 px-4 py-2.5 text-base text-neutral-700 hover:bg-neutral-50 ${focusRing}`}
            >
              取消付款
            </DebounceButton>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 text-center">
            <p className="text-base font-medium text-neutral-900" data-closed>
              {SANDBOX_CLOSED_TEXT[status]}
            </p>
            <a href={returnUrl} className={`rounded-md border border-neutral-300 px-5 py-2 text-sm text-neutral-700 hover:bg-neutral-50 ${focusRing}`}>
              返回商户
            </a>
          </div>
        )}

        <p aria-live="polite" className={`min-h-5 text-center text-sm ${message?.kind === 'error' ? 'text-primary-dark' : 'text-neutral-600'}`}>
          {message?.text ?? ''}
        </p>
      </div>
    </article>
  );
}
