import { useEffect, useState, type ReactNode } from 'react';
import { type Credentials } from '~/features/wallet/client/money';
import { getCredentials } from '~/features/orders/client/orders';
import { Skeleton } from '~/platform/ui/Skeleton';
import { useRemote } from '~/platform/ui/use-remote';
import { CopyButton } from '~/platform/ui/CopyButton';
import { countdownText, errorText, focusRing, secondsUntil } from '~/features/orders/ui/order-helpers';
import { InlineLoadFailed } from '~/platform/ui/LoadFailed';

export interface CredentialsPanelProps {
  orderNo: string;
  /** The panel's element id, for the 查看账号 button's aria-controls. */
  id?: string;
  /** The details were shown (the server logged the reveal): the order's 无法登录 window may have opened. */
  onLoaded?: () => void;
}

const MASK = '••••••••';

/**
 * The rented account's login details. The card mounts this only after a click on 查看账号, so
 * the password is never fetched (nor logged in the network panel) unless the renter asks.
 */
export function CredentialsPanel({ orderNo, id, onLoaded }: CredentialsPanelProps): ReactNode {
  const { remote: load, reload } = useRemote((signal) => getCredentials(orderNo, { signal }), orderNo);
  const ready = load.kind === 'ready';
  useEffect(() => {
    if (ready) onLoaded?.();
    // Once per load: the callback's identity changes with every render of the card.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  return (
    <section id={id} aria-label="账号信息" className="mt-3 rounded-md bg-neutral-50 p-3 text-sm ring-1 ring-neutral-200">
      {load.kind === 'loading' ? <Skeleton lines={2} /> : null}
      {load.kind === 'failed' ? (
        <InlineLoadFailed text={errorText(load.error, '获取账号信息失败')} onRetry={reload} />
      ) : null}
      {load.kind === 'ready' ? <CredentialsView credentials={load.data} /> : null}
    </section>
  );
}

function CredentialsView({ credentials }: { credentials: Credentials }): ReactNode {
  // The browser's clock from here on: the panel may stay open for hours.
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [shown, setShown] = useState(false);
  const seconds = secondsUntil(credentials.ends_at, nowMs);
  const ended = seconds === 0;

  useEffect(() => {
    if (ended) return;
    const timer = setInterval(() => setNowMs(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ended]);

  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2">
      <dt className="text-neutral-600">账号</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <span className="font-mono break-all text-neutral-900">{credentials.login_account}</span>
        <CopyButton text={credentials.login_account} what="账号" />
      </dd>
      <dt className="text-neutral-600">密码</dt>
      <dd className="flex flex-wrap items-center gap-2">
        {ended ? (
          <span className="text-neutral-500">租期已结束，密码不再显示</span>
        ) : (
          <>
            <span className="font-mono break-all text-neutral-900" data-password-shown={shown}>
              {shown ? credentials.login_password : MASK}
            </span>
            <button
              type="button"
              onClick={() => setShown((value) => !value)}
              aria-pressed={shown}
              aria-label={shown ? '隐藏密码' : '显示密码'}
              className={`inline-flex min-h-8 min-w-11 items-center justify-center rounded border border-neutral-300 px-1.5 py-0.5 text-xs leading-4 text-neutral-600 hover:border-primary hover:text-primary ${focusRing}`}
            >
              {shown ? '隐藏' : '显示'}
            </button>
            <CopyButton text={credentials.login_password} what="密码" />
          </>
        )}
      </dd>
      <dt className="text-neutral-600">剩余时间</dt>
      {/* Announced only when it ends: a per-second live region would talk without pause. */}
      <dd className="tabular-nums">
        {ended ? (
          <span role="status" className="text-neutral-700">
            租期已结束
          </span>
        ) : (
          <span className="text-primary">剩余 {countdownText(seconds)}</span>
        )}
      </dd>
    </dl>
  );
}
