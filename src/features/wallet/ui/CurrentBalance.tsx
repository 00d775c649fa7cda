import type { ReactNode } from 'react';
import type { WalletInfo } from '~/features/wallet/client/money';
import { focusRing, yuanLabel } from '~/features/wallet/ui/ui';
import type { Remote } from '~/platform/ui/use-remote';

/** 当前余额 with its own loading and retry, so a slow wallet never holds the form back. */
export function CurrentBalance({ remote, onRetry }: { remote: Remote<WalletInfo>; onRetry(): void }): ReactNode {
  return (
    <p className="text-sm text-neutral-700" aria-live="polite">
      当前余额{' '}
      {remote.kind === 'ready' ? (
        <strong className="text-2xl font-bold text-primary tabular-nums" data-balance-fen={remote.data.balance_fen}>
          {yuanLabel(remote.data.balance)}
        </strong>
      ) : remote.kind === 'failed' ? (
        <>
          <span className="text-neutral-500">获取失败</span>{' '}
          <button type="button" onClick={onRetry} className={`text-primary underline-offset-2 hover:underline ${focusRing}`}>
            重试
          </button>
        </>
      ) : (
        <>
          <span className="sr-only">加载中</span>
          <span aria-hidden="true" className="inline-block h-6 w-20 animate-pulse rounded bg-neutral-200 align-middle" />
        </>
      )}
    </p>
  );
}
