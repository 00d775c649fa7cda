import type { ReactNode } from 'react';
import type { OrderView } from '~/features/wallet/client/money';
import { CopyButton } from '~/platform/ui/CopyButton';
import { statusBadgeClass } from '~/features/orders/ui/order-helpers';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

type HeaderOrder = Pick<OrderView, 'order_no' | 'order_status' | 'order_status_text' | 'hire_order_time'>;

/** An order card's top line: 订单号 (copyable), 下单时间 and the status badge; the renter's and the seller's cards share it. */
export function OrderCardHeader({ order }: { order: HeaderOrder }): ReactNode {
  return (
    <header className="flex flex-wrap items-center justify-between gap-2 border-b border-neutral-100 px-4 py-2.5 text-xs text-neutral-600">
      <span className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1.5 break-all">
          订单号 <span className="font-mono text-neutral-800">{order.order_no}</span>
          <CopyButton text={order.order_no} what="订单号" />
        </span>
        <span>
          下单时间 <time dateTime={order.hire_order_time}>{formatShanghaiIso(order.hire_order_time)}</time>
        </span>
      </span>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${statusBadgeClass(order)}`} data-status={order.order_status}>
        {order.order_status_text}
      </span>
    </header>
  );
}
