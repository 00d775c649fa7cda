import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { showSuccess } from '~/platform/stores/ui';
import { getWallet, listFunds, type LedgerEntry, type Page, type WalletInfo } from '~/features/wallet/client/money';
import LoginRequired from '~/platform/ui/LoginRequired';
import { EmptyState } from '~/platform/ui/EmptyState';
import { Skeleton } from '~/platform/ui/Skeleton';
import { LedgerTable } from '~/features/wallet/ui/LedgerTable';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { focusRing, outlineButton, primaryButton, sectionCard, textLink, yuanLabel } from '~/features/wallet/ui/ui';
import { useRemote } from '~/platform/ui/use-remote';
import { formatShanghaiDate, formatShanghaiIso } from '~/platform/rules/shanghai-time';

// The transfer form loads on its first opening (the wallet page stays light).
const TransferDialog = lazy(() => import('~/features/wallet/ui/TransferDialog').then((module) => ({ default: module.TransferDialog })));

/** Ledger rows previewed under the figures; 查看全部 leads to the rest. */
export const RECENT_FUNDS_COUNT = 5;

const fetchWallet = (signal: AbortSignal): Promise<WalletInfo> => getWallet({ signal }).then((answer) => answer.walletsInfo);
const fetchRecent = (signal: AbortSignal): Promise<Page<LedgerEntry>> => listFunds({ page: 1, page_size: RECENT_FUNDS_COUNT }, { signal });

/** The wallet's figures and where to go from them (我的钱包). */
export function WalletSummary({ wallet, onTransfer }: { wallet: WalletInfo; onTransfer?: () => void }): ReactNode {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={sectionCard}>
      <h2 id={titleId} className="sr-only">
        钱包概览
      </h2>
      <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-sm text-neutral-600">可用余额</dt>
          <dd className="mt-1 text-3xl font-bold text-primary tabular-nums" data-balance-fen={wallet.balance_fen}>
            {yuanLabel(wallet.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-neutral-600">冻结中</dt>
          <dd className="mt-1 text-xl font-medium text-neutral-900 tabular-nums" data-frozen-fen={wallet.frozen_fen}>
            {yuanLabel(wallet.frozen)}
          </dd>
          <dd className="mt-0.5 text-xs text-neutral-500">提现处理中的金额</dd>
        </div>
        <div>
          <dt className="text-sm text-neutral-600">VIP 状态</dt>
          {wallet.vip_status === 1 ? (
            <dd className="mt-1 text-sm text-neutral-900" data-vip="1">
              <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-800">VIP会员</span>
              <span className="mt-1 block text-xs text-neutral-600">有效期至 {formatShanghaiIso(wallet.vip_expires_at, { shape: formatShanghaiDate })}</span>
            </dd>
          ) : (
            <dd className="mt-1 text-sm text-neutral-900" data-vip="0">
              未开通{' '}
              <a href="/VIPSubscribe" className={textLink}>
                开通VIP
              </a>
            </dd>
          )}
        </div>
        <div>
          <dt className="text-sm text-neutral-600">金币</dt>
          <dd className="mt-1 text-sm text-neutral-900">
            <span className="text-xl font-medium tabular-nums">{wallet.gold_coins}</span>{' '}
            <a href="/account/account_goldCoin" className={textLink}>
              我的金币
            </a>
          </dd>
        </div>
      </dl>
      <div className="mt-5 flex flex-wrap gap-3 border-t border-neutral-100 pt-4">
        <a href="/account/Recharge" className={primaryButton}>
          充值
        </a>
        <a href="/account/Withdraw" className={outlineButton}>
          提现
        </a>
        {onTransfer ? (
          <button type="button" onClick={onTransfer} className={outlineButton}>
            转账
          </button>
        ) : null}
        <a href="/account/fundsDetail" className={`rounded px-3 py-2 text-sm text-neutral-700 hover:text-primary ${focusRing}`}>
          资金明细
        </a>
        <a href="/account/redPacket" className={`rounded px-3 py-2 text-sm text-neutral-700 hover:text-primary ${focusRing}`}>
          我的红包
        </a>
      </div>
    </section>
  );
}

/** The latest balance changes with 查看全部. */
export function RecentFunds({ rows }: { rows: readonly LedgerEntry[] }): ReactNode {
  return rows.length === 0 ? <EmptyState type={1} text="暂无资金记录" /> : <LedgerTable rows={rows} caption="最近资金记录" />;
}

function Overview(): ReactNode {
  const wallet = useRemote(fetchWallet, 'wallet');
  const recent = useRemote(fetchRecent, 'recent');
  const recentTitleId = useId();
  const [transferring, setTransferring] = useState(false);

  return (
    <div className="flex flex-col gap-5 py-2">
      {wallet.remote.kind === 'loading' ? (
        <Skeleton lines={4} className={sectionCard} />
      ) : wallet.remote.kind === 'failed' ? (
        <LoadFailed text="获取钱包信息失败" onRetry={wallet.reload} />
      ) : (
        <WalletSummary wallet={wallet.remote.data} onTransfer={() => setTransferring(true)} />
      )}
      {transferring && wallet.remote.kind === 'ready' ? (
        <Suspense fallback={null}>
          <TransferDialog
            open
            balanceFen={wallet.remote.data.balance_fen}
            onClose={() => setTransferring(false)}
            onDone={(result) => {
              setTransferring(false);
              showSuccess(`已向${result.to_nickname}（${result.to_mobile}）转账¥${result.amount}`);
              wallet.reload();
              recent.reload();
            }}
          />
        </Suspense>
      ) : null}

      <section aria-labelledby={recentTitleId} className={sectionCard}>
        <div className="mb-3 flex items-center justify-between">
          <h2 id={recentTitleId} className="text-base font-medium text-neutral-900">
            最近资金记录
          </h2>
          <a href="/account/fundsDetail" className={textLink}>
            查看全部
          </a>
        </div>
        {recent.remote.kind === 'loading' ? (
          <Skeleton lines={RECENT_FUNDS_COUNT} />
        ) : recent.remote.kind === 'failed' ? (
          <LoadFailed text="获取资金记录失败" onRetry={recent.reload} />
        ) : (
          <RecentFunds rows={recent.remote.data.list} />
        )}
      </section>
    </div>
  );
}

/** /account/purse (我的钱包): balance, frozen money, VIP, gold coins and the latest ledger rows. */
export default function WalletOverview({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Overview />
    </LoginRequired>
  );
}
