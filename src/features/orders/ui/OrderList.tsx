import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { type OrderView, type Page } from '~/features/wallet/client/money';
import { getOrder, listOrders } from '~/features/orders/client/orders';
import { MONEY_PAGE_SIZE_DEFAULT } from '~/platform/config/constants';
import { MSG_ORDER_INFO_MISSING, ORDER_LIST_FILTERS, payResultHref } from '~/features/orders/rules/order-status';
import { showError, showSuccess } from '~/platform/stores/ui';
import LoginRequired from '~/platform/ui/LoginRequired';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { OrderCard, type OrderDialogKind } from '~/features/orders/ui/OrderCard';
import { focusRing, loginFailureDoneText, readOrderQuery, replaceOrder, withListQuery, type OrderListQuery } from '~/features/orders/ui/order-helpers';
import { Pager } from '~/platform/ui/Pager';
import { Tabs, tabId } from '~/platform/ui/Tabs';
import { usePagedList } from '~/platform/ui/use-paged-list';

// Each dialog's code loads when an order's button first opens it (the list's first load
// stays small; the account pages are under the 100 KB budget before interaction).
const PayDialog = lazy(() => import('~/features/wallet/ui/PayDialog').then((module) => ({ default: module.PayDialog })));
const CancelDialog = lazy(() => import('~/features/orders/ui/CancelDialog').then((module) => ({ default: module.CancelDialog })));
const RenewDialog = lazy(() => import('~/features/orders/ui/RenewDialog').then((module) => ({ default: module.RenewDialog })));
const ChargeDialog = lazy(() => import('~/features/orders/ui/ChargeDialog').then((module) => ({ default: module.ChargeDialog })));
const LoginFailureDialog = lazy(() => import('~/features/orders/ui/LoginFailureDialog').then((module) => ({ default: module.LoginFailureDialog })));
const ComplaintDialog = lazy(() => import('~/features/complaints/ui/ComplaintDialog').then((module) => ({ default: module.ComplaintDialog })));

/** What each finished dialog says (a paid order goes to /pay-result, which says 支付成功). */
const DONE_TEXT: Readonly<Record<Exclude<OrderDialogKind, 'complain' | 'loginFailure' | 'pay'>, string>> = {
  cancel: '订单已取消',
  renew: '续租成功',
  charge: '预充成功',
};
const COMPLAINT_DONE_TEXT = '投诉已提交，我们会尽快处理';

const ORDER_TABS = ORDER_LIST_FILTERS.map((filter) => ({ value: filter.key, label: filter.label }));

const ORDER_LIST_HREF = '/account/order';

/**
 * ?order_no= (a notification's 查看订单): that one order instead of the list. 'broken' when the
 * parameter is there but is no order number (spec §8 订单信息缺失; the list is shown instead).
 */
export function readOrderNo(search: string): string | 'broken' | null {
  const raw = new URLSearchParams(search).get('order_no');
  if (raw === null) return null;
  return /^[0-9A-Za-z_-]{1,64}$/.test(raw) ? raw : 'broken';
}

/** The one order as a page of the list, so its card and dialogs work as in the list; none if not the renter's. */
function fetchOneOrder(orderNo: string, signal: AbortSignal): Promise<Page<OrderView>> {
  return getOrder(orderNo, { signal }).then(
    (order): Page<OrderView> | Promise<Page<OrderView>> => {
      if (order.kind === 'rental') return { list: [order], total: 1, page: 1, page_size: 1 };
      // 我的订单 lists rentals; a recharge or VIP order's page is its payment result (the
      // skeleton stays until the browser leaves).
      location.replace(payResultHref(order.order_no));
      return new Promise<Page<OrderView>>(() => undefined);
    },
    (error: unknown) => {
      if (isApiError(error) && error.httpStatus === 404) return { list: [], total: 0, page: 1, page_size: 1 };
      throw error;
    },
  );
}

/**
 * 我的订单 (spec §2 account "order"): rental orders by status tab, newest first, each with what
 * the server allows to be done with it now. Tab and page are in the address, so a reload or a
 * shared link (the gateway's return, a notification) comes back to the same view. ?order_no= (a
 * notification's 查看订单) shows that one order with its actions.
 */
function Orders(): ReactNode {
  const id = useId();
  // Read once: 查看全部订单 is a link to the plain address.
  const [asked] = useState(() => readOrderNo(location.search));
  const orderNo = asked === 'broken' ? null : asked;
  useEffect(() => {
    if (asked === 'broken') showError(MSG_ORDER_INFO_MISSING);
  }, [asked]);
  const { query, setQuery, remote: load, pages, goToPage, reload, replace, listRef } = usePagedList<OrderListQuery, Page<OrderView>, HTMLDivElement>({
    readQuery: readOrderQuery,
    writeQuery: withListQuery,
    fetchPage: (current, signal) =>
      orderNo ? fetchOneOrder(orderNo, signal) : listOrders({ filter: current.filter, page: current.page, page_size: MONEY_PAGE_SIZE_DEFAULT }, { signal }),
    pageSize: MONEY_PAGE_SIZE_DEFAULT,
  });
  const [dialog, setDialog] = useState<{ kind: OrderDialogKind; order: OrderView } | null>(null);
  const panelId = `${id}-panel`;

  /** Reads one order again and puts it in place (its actions follow the server's rule). */
  function refreshOrder(orderNo: string): void {
    getOrder(orderNo)
      .then((fresh) => {
        if (load.kind === 'ready') replace({ ...load.data, list: replaceOrder(load.data.list, fresh) });
      })
      .catch(() => undefined);
  }

  function settle(order: OrderView, text: string): void {
    if (load.kind === 'ready') replace({ ...load.data, list: replaceOrder(load.data.list, order) });
    setDialog(null);
    showSuccess(text);
  }

  let body: ReactNode;
  if (load.kind === 'loading') {
    body = <Skeleton lines={6} className="py-4" />;
  } else if (load.kind === 'failed') {
    body = <LoadFailed text="获取订单失败" onRetry={reload} />;
  } else if (load.data.list.length === 0 && orderNo) {
    body = <EmptyState type={3} text="订单不存在" action={<a href={ORDER_LIST_HREF} className={`inline-block rounded-full border border-neutral-300 px-5 py-1.5 text-sm text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`}>查看全部订单</a>} />;
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
              <OrderCard order={order} onOpen={(kind) => setDialog({ kind, order })} onRevealed={() => refreshOrder(order.order_no)} />
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
            <a href={ORDER_LIST_HREF} className={`text-primary hover:underline ${focusRing}`}>
              查看全部订单
            </a>
          </p>
        ) : (
          <Tabs label="订单状态" tabs={ORDER_TABS} value={query.filter} panelId={panelId} onChange={(filter) => setQuery(() => ({ filter, page: 1 }))} />
        )}
      </div>
      <div id={panelId} ref={listRef} role={orderNo ? undefined : 'tabpanel'} aria-labelledby={orderNo ? undefined : tabId(panelId, query.filter)} aria-busy={load.kind === 'loading'} tabIndex={-1} className="outline-none">
        {body}
      </div>

      <Suspense fallback={null}>
        {/* Paid here or on the detail page, the renter lands on the same pay result with the login details. */}
        {dialog?.kind === 'pay' ? <PayDialog open order={dialog.order} onClose={() => setDialog(null)} onPaid={(order) => location.assign(payResultHref(order.order_no))} /> : null}
        {dialog?.kind === 'cancel' ? <CancelDialog open order={dialog.order} onClose={() => setDialog(null)} onDone={(order) => settle(order, DONE_TEXT.cancel)} /> : null}
        {dialog?.kind === 'renew' ? <RenewDialog open order={dialog.order} onClose={() => setDialog(null)} onDone={(order) => settle(order, DONE_TEXT.renew)} /> : null}
        {dialog?.kind === 'charge' ? <ChargeDialog open order={dialog.order} onClose={() => setDialog(null)} onDone={(order) => settle(order, DONE_TEXT.charge)} /> : null}
        {dialog?.kind === 'loginFailure' ? (
          <LoginFailureDialog open order={dialog.order} onClose={() => setDialog(null)} onDone={(report) => settle(report.order, loginFailureDoneText(report))} />
        ) : null}
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
      </Suspense>
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
