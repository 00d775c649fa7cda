import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { listSellerOrders, SELLER_ORDER_FILTERS, type Page, type SellerComplaint, type SellerOrder } from '~/features/sellers/client/seller-earnings';
import { MONEY_PAGE_SIZE_DEFAULT } from '~/platform/config/constants';
import { showSuccess } from '~/platform/stores/ui';
import { focusRing, readOrderQuery, withListQuery, type OrderListQuery } from '~/features/orders/ui/order-helpers';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Pager } from '~/platform/ui/Pager';
import { Skeleton } from '~/platform/ui/Skeleton';
import { Tabs, tabId } from '~/platform/ui/Tabs';
import { usePagedList } from '~/platform/ui/use-paged-list';
import { SellerGate } from '~/features/sellers/ui/SellerGate';
import { SellerOrderCard } from '~/features/sellers/ui/orders/SellerOrderCard';
import { withComplaint } from '~/features/sellers/ui/orders/seller-order-helpers';

// The dialog's code loads when a 回复投诉 button first opens it.
const AnswerDialog = lazy(() => import('~/features/sellers/ui/orders/AnswerDialog').then((module) => ({ default: module.AnswerDialog })));

const ORDERS_HREF = '/seller/orders';

/** ?order_no= (a complaint decision's notification): that one order instead of the list. */
function readOrderNo(search: string): string | null {
  const raw = new URLSearchParams(search).get('order_no') ?? '';
  return /^[0-9A-Za-z_-]{1,32}$/.test(raw) ? raw : null;
}

const TABS = SELLER_ORDER_FILTERS.map((filter) => ({
  value: filter.key,
  label: filter.label,
}));

/**
 * 出租订单: the orders on the seller's listings by status tab, newest first, the renter
 * masked, each with the seller's earnings and the complaints to answer. Tab and page live in the
 * address like 我的订单.
 */
function Orders(): ReactNode {
  const id = useId();
  // Read once: 查看全部订单 is a link to the plain address.
  const [orderNo] = useState(() => readOrderNo(location.search));
  const panelId = `${id}-panel`;
  const {
    query,
    setQuery,
    remote: load,
    pages,
    goToPage,
    reload,
    replace,
    listRef,
  } = usePagedList<OrderListQuery, Page<SellerOrder>, HTMLDivElement>({
    readQuery: readOrderQuery,
    writeQuery: withListQuery,
    fetchPage: (current, signal) =>
      listSellerOrders(
        {
          filter: orderNo ? 'all' : current.filter,
          page: orderNo ? 1 : current.page,
          page_size: MONEY_PAGE_SIZE_DEFAULT,
          ...(orderNo ? { order_no: orderNo } : {}),
        },
        { signal },
      ),
    pageSize: MONEY_PAGE_SIZE_DEFAULT,
  });
  const [dialog, setDialog] = useState<{
    orderNo: string;
    complaint: SellerComplaint;
  } | null>(null);

  function answered(complaint: SellerComplaint): void {
    if (load.kind === 'ready' && dialog) {
      replace({
        ...load.data,
        list: load.data.list.map((order) => (order.order_no === dialog.orderNo ? withComplaint(order, complaint) : order)),
      });
    }
    setDialog(null);
    showSuccess('回复已提交');
  }

  let body: ReactNode;
  if (load.kind === 'loading') body = <Skeleton lines={6} className="py-4" />;
  else if (load.kind === 'failed') body = <LoadFailed text="获取订单失败" onRetry={reload} />;
  else if (load.data.list.length === 0 && orderNo) {
    body = (
      <EmptyState
        type={3}
        text="订单不存在"
        action={
          <a href={ORDERS_HREF} className={`inline-block rounded-full border border-neutral-300 px-5 py-1.5 text-sm text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`}>
            查看全部订单
          </a>
        }
      />
    );
  } else if (load.data.list.length === 0) body = <EmptyState type={1} text="暂无出租订单" />;
  else {
    body = (
      <>
        <ul className="space-y-3">
          {load.data.list.map((order) => (
            <li key={order.order_no}>
              <SellerOrderCard order={order} onAnswer={(complaint) => setDialog({ orderNo: order.order_no, complaint })} />
            </li>
          ))}
        </ul>
        <Pager page={query.page} pages={pages} label="订单分页" onPage={goToPage} />
      </>
    );
  }

  return (
    <div className="py-2">
      <div className="mb-4">
        {orderNo ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-600">
            <span>
              订单号 <span className="font-mono break-all text-neutral-900">{orderNo}</span>
            </span>
            <a href={ORDERS_HREF} className={`text-primary hover:underline ${focusRing}`}>
              查看全部订单
            </a>
          </p>
        ) : (
          <Tabs label="订单状态" tabs={TABS} value={query.filter} panelId={panelId} onChange={(filter) => setQuery(() => ({ filter, page: 1 }))} />
        )}
      </div>
      <div id={panelId} ref={listRef} role={orderNo ? undefined : 'tabpanel'} aria-labelledby={orderNo ? undefined : tabId(panelId, query.filter)} aria-busy={load.kind === 'loading'} tabIndex={-1} className="outline-none">
        {body}
      </div>
      <Suspense fallback={null}>
        {dialog ? <AnswerDialog open orderNo={dialog.orderNo} complaint={dialog.complaint} onClose={() => setDialog(null)} onDone={answered} /> : null}
      </Suspense>
    </div>
  );
}

/** The /seller/orders island: the sign-in prompt, the way to become a seller, or the orders. */
export default function SellerOrders({ title }: { title: string }): ReactNode {
  return <SellerGate title={title}>{() => <Orders />}</SellerGate>;
}
