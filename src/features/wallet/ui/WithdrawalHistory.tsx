import { useId, useState, type ReactNode } from 'react';
import { cancelWithdrawal, type Page, type Withdrawal } from '~/features/wallet/client/money';
import { MONEY_PAGE_SIZE_DEFAULT } from '~/platform/config/constants';
import { pageCountOf } from '~/features/catalog/rules/user-catalog';
import { showSuccess } from '~/platform/stores/ui';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { EmptyState } from '~/platform/ui/EmptyState';
import { Modal } from '~/platform/ui/Modal';
import { Skeleton } from '~/platform/ui/Skeleton';
import { settle } from '~/features/wallet/ui/actions';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Pager } from '~/platform/ui/Pager';
import { focusRing, primaryButton, sectionCard, yuanLabel } from '~/features/wallet/ui/ui';
import type { Remote } from '~/platform/ui/use-remote';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

export const CANCEL_WITHDRAWAL_CONFIRM = '确定取消这笔提现吗？金额将退回余额';
export const WITHDRAWAL_CANCELLED_MSG = '提现已取消';

const STATUS_BADGE: Readonly<Record<Withdrawal['status'], string>> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-neutral-100 text-neutral-600 ring-neutral-200',
  review: 'bg-blue-50 text-blue-800 ring-blue-200',
  refused: 'bg-red-50 text-red-800 ring-red-200',
  paying: 'bg-violet-50 text-violet-800 ring-violet-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

export interface WithdrawalHistoryProps {
  remote: Remote<Page<Withdrawal>>;
  page: number;
  onPage(page: number): void;
  onRetry(): void;
  /** A withdrawal changed here (cancelled, or found settled meanwhile): the balance and list need a refresh. */
  onChanged(): void;
}

/** Section 3 of 提现 (提现记录): the user's withdrawals, newest first; pending ones can be cancelled. */
export function WithdrawalHistory({ remote, page, onPage, onRetry, onChanged }: WithdrawalHistoryProps): ReactNode {
  const titleId = useId();
  const [confirming, setConfirming] = useState<Withdrawal | null>(null);

  async function cancel(withdrawal: Withdrawal): Promise<void> {
    const outcome = await settle(() => cancelWithdrawal(withdrawal.withdraw_no));
    setConfirming(null);
    if (outcome.ok) showSuccess(WITHDRAWAL_CANCELLED_MSG);
    // Refreshed either way: a refusal usually means it was paid out in the meantime.
    onChanged();
  }

  let body: ReactNode;
  if (remote.kind === 'loading') body = <Skeleton lines={4} />;
  else if (remote.kind === 'failed') body = <LoadFailed text="获取提现记录失败" onRetry={onRetry} />;
  else if (remote.data.list.length === 0) body = <EmptyState type={1} text="暂无提现记录" />;
  else {
    body = (
      <>
        <WithdrawalTable rows={remote.data.list} onCancel={setConfirming} />
        <Pager label="提现记录分页" page={page} pages={pageCountOf(remote.data.total, MONEY_PAGE_SIZE_DEFAULT)} onPage={onPage} />
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className={sectionCard}>
      <h2 id={titleId} className="mb-3 text-base font-medium text-neutral-900">
        提现记录
      </h2>
      {body}
      <Modal
        open={confirming !== null}
        title="取消提现"
        width={420}
        onClose={() => setConfirming(null)}
        footer={
          <>
            <button type="button" onClick={() => setConfirming(null)} className={`rounded border border-neutral-300 px-5 py-2 text-sm text-neutral-700 hover:bg-neutral-50 ${focusRing}`}>
              再想想
            </button>
            <DebounceButton onAction={() => (confirming ? cancel(confirming) : undefined)} className={primaryButton}>
              确定取消
            </DebounceButton>
          </>
        }
      >
        <p className="text-sm text-neutral-700">{CANCEL_WITHDRAWAL_CONFIRM}</p>
        {confirming ? <p className="mt-2 text-lg font-medium text-neutral-900 tabular-nums">{yuanLabel(confirming.amount)}</p> : null}
      </Modal>
    </section>
  );
}

export function WithdrawalTable({ rows, onCancel }: { rows: readonly Withdrawal[]; onCancel(withdrawal: Withdrawal): void }): ReactNode {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">提现记录</caption>
        <thead className="bg-neutral-50 text-neutral-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-normal">申请时间</th>
            <th scope="col" className="px-3 py-2 text-right font-normal">金额</th>
            <th scope="col" className="px-3 py-2 font-normal">支付宝账户</th>
            <th scope="col" className="px-3 py-2 font-normal">状态</th>
            <th scope="col" className="px-3 py-2 font-normal">完成时间</th>
            <th scope="col" className="px-3 py-2 font-normal">
              <span className="sr-only">操作</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {rows.map((withdrawal) => (
            <tr key={withdrawal.withdraw_no} data-withdraw-no={withdrawal.withdraw_no}>
              <td className="px-3 py-2 whitespace-nowrap text-neutral-600 tabular-nums">{formatShanghaiIso(withdrawal.created_at)}</td>
              <td className="px-3 py-2 text-right font-medium whitespace-nowrap text-neutral-900 tabular-nums" data-amount-fen={withdrawal.amount_fen}>
                {yuanLabel(withdrawal.amount)}
              </td>
              <td className="px-3 py-2 text-neutral-700 tabular-nums">{withdrawal.account_masked}</td>
              <td className="px-3 py-2">
                <span className={`inline-block rounded px-2 py-0.5 text-xs ring-1 ${STATUS_BADGE[withdrawal.status]}`} data-status={withdrawal.status}>
                  {withdrawal.status_text}
                </span>
                {withdrawal.status === 'review' ? <p className="mt-1 text-xs text-neutral-500">大额提现需平台审核</p> : null}
                {withdrawal.status === 'paying' ? <p className="mt-1 text-xs text-neutral-500">已提交支付宝打款，请耐心等待</p> : null}
                {withdrawal.refuse_reason ? (
                  <p className="mt-1 max-w-56 text-xs break-words text-red-700" data-refuse-reason>
                    原因：{withdrawal.refuse_reason}（金额已退回余额）
                  </p>
                ) : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-neutral-600 tabular-nums">{formatShanghaiIso(withdrawal.finished_at)}</td>
              <td className="px-3 py-2 text-right">
                {withdrawal.status === 'pending' || withdrawal.status === 'review' ? (
                  <button
                    type="button"
                    onClick={() => onCancel(withdrawal)}
                    aria-label={`取消提现 ${withdrawal.withdraw_no}`}
                    className={`rounded px-2 py-0.5 text-sm text-primary hover:bg-primary-light ${focusRing}`}
                  >
                    取消
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
