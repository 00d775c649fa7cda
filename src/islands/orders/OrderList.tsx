import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { isApiError } from '../../lib/api/errors';
import { listOrders, type OrderView, type Page } from '../../lib/api/money';
import { MONEY_PAGE_SIZE_DEFAULT } from '../../lib/config/constants';
import { ORDER_LIST_FILTERS, type OrderListFilter } from '../../lib/rules/order-status';
import { pageCountOf } from '../../lib/rules/user-catalog';
import { showSuccess } from '../../lib/stores/ui';
import LoginRequired from '../LoginRequired';
import { PayDialog } from '../pay/PayDialog';
import { EmptyState } from '../ui/EmptyState';
import { LoadFailed } from '../ui/LoadFailed';
import { Skeleton } from '../ui/Skeleton';
import { CancelDialog } from './CancelDialog';
import { ChargeDialog } from './ChargeDialog';
import { ComplaintDialog } from './ComplaintDialog';
import { OrderCard, type OrderDialogKind } from './OrderCard';
import { focusRing, readOrderQuery, replaceOrder, withListQuery, type OrderListQuery } from './order-helpers';
import { Pager } from '../ui/Pager';
import { RenewDialog } from './RenewDialog';

/** What each finished dialog says (the pay dialog's 支付成功 is the brief's text). */
const DONE_TEXT: Readonly<Record<Exclude<OrderDialogKind, 'complain'>, string>> = {
  pay: '支付成功',
  cancel: '订单已取消',
  renew: '续租成功',
  charge: '预充成功',
};
const COMPLAINT_DONE_TEXT = '投诉已提交，我们会尽快处理';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: Page<OrderView> };

/** Tab to focus after an arrow key: the tablist wraps around, Home and End jump to the ends. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * 我的订单 (spec §2 account "order"): rental orders by status tab, newest first, each with what
 * the server allows to be done with it now. Tab and page are in the address, so a reload or a
 * shared link (the gateway's return, a notification) comes back to the same view.
 */
function Orders(): ReactNode {
  const id = useId();
  const [query, setQuery] = useState<OrderListQuery>(() => readOrderQuery(location.search));
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [reload, setReload] = useState(0);
  const [dialog, setDialog] = useState<{ kind: OrderDialogKind; order: OrderView } | null>(null);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusPanel = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    listOrders({ filter: query.filter, page: query.page, page_size: MONEY_PAGE_SIZE_DEFAULT }, { signal: controller.signal })
      .then((data) => {
        // A page past the end (a stale ?page=): show the last page instead of an empty one.
        const last = pageCountOf(data.total, MONEY_PAGE_SIZE_DEFAULT);
        if (data.list.length === 0 && data.total > 0 && query.page > last) {
          setQuery((current) => ({ ...current, page: last }));
          return;
        }
        setLoad({ kind: 'ready', data });
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        setLoad({ kind: 'failed' });
      });
    history.replaceState(history.state, '', withListQuery(location.href, query));
    return () => controller.abort();
  }, [query, reload]);

  useEffect(() => {
    if (load.kind === 'ready' && focusPanel.current) {
      focusPanel.current = false;
      panelRef.current?.focus();
    }
  }, [load]);

  function selectFilter(filter: OrderListFilter): void {
    if (filter === query.filter) return;
    setLoad({ kind: 'loading' });
    setQuery({ filter, page: 1 });
  }

  function goTo(page: number): void {
    focusPanel.current = true;
    setLoad({ kind: 'loading' });
    setQuery((current) => ({ ...current, page }));
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number): void {
    const next = nextTabIndex(event.key, index, ORDER_LIST_FILTERS.length);
    if (next === null) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
    selectFilter(ORDER_LIST_FILTERS[next]!.key);
  }

  function settle(order: OrderView, text: string): void {
    setLoad((current) => (current.kind === 'ready' ? { kind: 'ready', data: { ...current.data, list: replaceOrder(current.data.list, order) } } : current));
    setDialog(null);
    showSuccess(text);
  }

  const activeTabId = `${id}-tab-${query.filter}`;
  let body: ReactNode;
  if (load.kind === 'loading') {
    body = <Skeleton lines={6} className="py-4" />;
  } else if (load.kind === 'failed') {
    body = (
      <LoadFailed
        text="获取订单失败"
        onRetry={() => {
          setLoad({ kind: 'loading' });
          setReload((count) => count + 1);
        }}
      />
    );
  } else if (load.data.list.length === 0) {
    body = (
      <EmptyState
        type={1}
        text="暂无订单"
        action={
          <a href="/zuhao.html" className={`inline-block rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark ${focusRing}`}>
            去租号
          </a>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="space-y-3">
          {load.data.list.map((order) => (
            <li key={order.order_no}>
              <OrderCard order={order} onOpen={(kind) => setDialog({ kind, order })} />
            </li>
          ))}
        </ul>
        <Pager page={query.page} pages={pageCountOf(load.data.total, MONEY_PAGE_SIZE_DEFAULT)} label="订单分页" onPage={goTo} />
      </>
    );
  }

  return (
    <div className="py-2">
      <div role="tablist" aria-label="订单状态" className="mb-4 flex gap-1 overflow-x-auto border-b border-neutral-200">
        {ORDER_LIST_FILTERS.map((filter, index) => {
          const selected = filter.key === query.filter;
          return (
            <button
              key={filter.key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              id={`${id}-tab-${filter.key}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => selectFilter(filter.key)}
              onKeyDown={(event) => onTabKey(event, index)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm ${selected ? 'border-primary font-medium text-primary' : 'border-transparent text-neutral-600 hover:text-primary'} ${focusRing}`}
            >
              {filter.label}
            </button>
          );
        })}
      </div>
      <div id={`${id}-panel`} ref={panelRef} role="tabpanel" aria-labelledby={activeTabId} aria-busy={load.kind === 'loading'} tabIndex={-1} className="outline-none">
        {body}
      </div>

      {dialog?.kind === 'pay' ? <PayDialog open order={dialog.order} onClose={() => setDialog(null)} onPaid={(order) => settle(order, DONE_TEXT.pay)} /> : null}
      {dialog?.kind === 'cancel' ? <CancelDialog open order={dialog.order} onClose={() => setDialog(null)} onDone={(order) => settle(order, DONE_TEXT.cancel)} /> : null}
      {dialog?.kind === 'renew' ? <RenewDialog open order={dialog.order} onClose={() => setDialog(null)} onDone={(order) => settle(order, DONE_TEXT.renew)} /> : null}
      {dialog?.kind === 'charge' ? <ChargeDialog open order={dialog.order} onClose={() => setDialog(null)} onDone={(order) => settle(order, DONE_TEXT.charge)} /> : null}
      {dialog?.kind === 'complain' ? (
        <ComplaintDialog
          open
          order={dialog.order}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            showSuccess(COMPLAINT_DONE_TEXT);
          }}
        />
      ) : null}
    </div>
  );
}

/** The order page's island: the sign-in prompt when signed out, the orders otherwise. */
export default function OrderList({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Orders />
    </LoginRequired>
  );
}
