import { useId, type ReactNode } from 'react';
import { listFunds, type LedgerEntry, type Page } from '~/features/wallet/client/money';
import { MONEY_PAGE_SIZE_DEFAULT } from '~/platform/config/constants';
import LoginRequired from '~/platform/ui/LoginRequired';
import { EmptyState } from '~/platform/ui/EmptyState';
import { Skeleton } from '~/platform/ui/Skeleton';
import { FUNDS_TABS, fundsQueryFromSearch, withFundsQuery, type FundsQuery } from '~/features/wallet/ui/funds-query';
import { LedgerTable } from '~/features/wallet/ui/LedgerTable';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Pager } from '~/platform/ui/Pager';
import { Tabs } from '~/platform/ui/Tabs';
import { usePagedList } from '~/platform/ui/use-paged-list';

/** One page of the ledger: the table, or 暂无资金记录. */
export function FundsPage({ data }: { data: Page<LedgerEntry> }): ReactNode {
  if (data.list.length === 0) return <EmptyState type={1} text="暂无资金记录" />;
  return <LedgerTable rows={data.list} caption="资金明细" />;
}

function Funds(): ReactNode {
  const panelId = useId();
  const { query, setQuery, remote, pages, goToPage, reload, listRef } = usePagedList<FundsQuery, Page<LedgerEntry>, HTMLDivElement>({
    readQuery: fundsQueryFromSearch,
    writeQuery: withFundsQuery,
    fetchPage: (current, signal) => listFunds({ page: current.page, page_size: MONEY_PAGE_SIZE_DEFAULT, direction: current.direction }, { signal }),
    pageSize: MONEY_PAGE_SIZE_DEFAULT,
  });

  let body: ReactNode;
  if (remote.kind === 'loading') body = <Skeleton lines={MONEY_PAGE_SIZE_DEFAULT} className="py-2" />;
  else if (remote.kind === 'failed') body = <LoadFailed text="获取资金明细失败" onRetry={reload} />;
  else {
    body = (
      <>
        <FundsPage data={remote.data} />
        <Pager label="资金明细分页" page={query.page} pages={pages} onPage={goToPage} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4 py-2">
      <Tabs label="资金类型" tabs={FUNDS_TABS} value={query.direction} onChange={(direction) => setQuery(() => ({ direction, page: 1 }))} panelId={panelId} />
      <div id={panelId} ref={listRef} role="tabpanel" tabIndex={-1} aria-busy={remote.kind === 'loading'} className="outline-none">
        {body}
      </div>
    </div>
  );
}

/** /account/fundsDetail (资金明细): every balance change, by 全部 / 收入 / 支出, paged. */
export default function FundsDetail({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Funds />
    </LoginRequired>
  );
}
