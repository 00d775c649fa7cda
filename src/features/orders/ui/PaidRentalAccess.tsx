import type { ReactNode } from 'react';
import { getOrder } from '~/features/orders/client/orders';
import { CredentialsPanel } from '~/features/orders/ui/CredentialsPanel';
import { errorText } from '~/features/orders/ui/order-helpers';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { InlineLoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { useRemote } from '~/platform/ui/use-remote';

/** Said instead of the details while a reserved rental has not started (the server refuses them until then). */
export function notStartedText(startsAt: string | null): string {
  const date = startsAt ? new Date(startsAt) : null;
  return date && !Number.isNaN(date.getTime()) ? `租期开始后可在此查看账号信息（${formatShanghaiDateTime(date)} 开始）` : '租期开始后可在我的订单中查看账号信息';
}

/**
 * The login details of a rental just paid, on /pay-result: the order page's own CredentialsPanel
 * (masked password, 显示, 复制, the countdown), opened at once because showing them is why the
 * renter paid. Whether they may be shown is the order's own can_view_credentials, the rule the
 * 查看账号 button follows; a reserved rental says when they will be there instead.
 */
export function PaidRentalAccess({ orderNo }: { orderNo: string }): ReactNode {
  const { remote: load, reload } = useRemote((signal) => getOrder(orderNo, { signal }), orderNo);
  if (load.kind === 'loading') return <Skeleton lines={2} className="w-full" />;
  if (load.kind === 'failed') return <InlineLoadFailed text={errorText(load.error, '获取订单失败')} onRetry={reload} />;
  const order = load.data;
  if (order.actions.can_view_credentials) {
    return (
      <div className="w-full text-left">
        <CredentialsPanel key={order.hire_end_time ?? ''} orderNo={order.order_no} />
      </div>
    );
  }
  if (order.hire_start_time && new Date(order.hire_start_time).getTime() > Date.now()) {
    return <p className="text-sm text-neutral-600">{notStartedText(order.hire_start_time)}</p>;
  }
  return null;
}
