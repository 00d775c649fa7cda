import { useState, type ReactNode } from 'react';
import { getAlipayAccount, getWallet, listWithdrawals, type AlipayAccount, type Page, type WalletInfo, type Withdrawal } from '~/features/wallet/client/money';
import { MONEY_PAGE_SIZE_DEFAULT } from '~/platform/config/constants';
import LoginRequired from '~/platform/ui/LoginRequired';
import { Skeleton } from '~/platform/ui/Skeleton';
import { AlipayAccountSection } from '~/features/wallet/ui/AlipayAccountSection';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { sectionCard } from '~/features/wallet/ui/ui';
import { useRemote } from '~/platform/ui/use-remote';
import { WithdrawalHistory } from '~/features/wallet/ui/WithdrawalHistory';
import { WithdrawForm } from '~/features/wallet/ui/WithdrawForm';

const fetchAccount = (signal: AbortSignal): Promise<AlipayAccount | null> => getAlipayAccount({ signal }).then((answer) => answer.account);
const fetchWallet = (signal: AbortSignal): Promise<WalletInfo> => getWallet({ signal }).then((answer) => answer.walletsInfo);

function Withdraw(): ReactNode {
  const account = useRemote(fetchAccount, 'alipay-account');
  const wallet = useRemote(fetchWallet, 'wallet');
  const [historyPage, setHistoryPage] = useState(1);
  const history = useRemote(
    (signal): Promise<Page<Withdrawal>> => listWithdrawals({ page: historyPage, page_size: MONEY_PAGE_SIZE_DEFAULT }, { signal }),
    `withdrawals:${historyPage}`,
  );

  /** The balance, the frozen sum and the list all moved: fetch them again, newest withdrawals first. */
  function refreshAfterChange(): void {
    wallet.reload();
    if (historyPage === 1) history.reload();
    else setHistoryPage(1);
  }

  const bound = account.remote.kind === 'ready' && account.remote.data !== null;

  return (
    <div className="flex flex-col gap-5 py-2">
      <AlipayAccountSection remote={account.remote} onRetry={account.reload} onBound={account.replace} />
      {bound ? (
        wallet.remote.kind === 'loading' ? (
          <Skeleton lines={4} className={sectionCard} />
        ) : wallet.remote.kind === 'failed' ? (
          <LoadFailed text="获取钱包信息失败" onRetry={wallet.reload} />
        ) : (
          <WithdrawForm wallet={wallet.remote.data} onSubmitted={refreshAfterChange} />
        )
      ) : null}
      <WithdrawalHistory remote={history.remote} page={historyPage} onPage={setHistoryPage} onRetry={history.reload} onChanged={refreshAfterChange} />
    </div>
  );
}

/** /account/Withdraw (提现): the Alipay account, a withdrawal request and the withdrawals so far. */
export default function WithdrawPanel({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Withdraw />
    </LoginRequired>
  );
}
