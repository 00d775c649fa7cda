import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { type CancelPreview } from '~/features/wallet/client/money';
import { cancelOrder, previewCancel } from '~/features/orders/client/orders';
import { ORDER_STATUS } from '~/platform/config/constants';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Modal } from '~/platform/ui/Modal';
import { Skeleton } from '~/platform/ui/Skeleton';
import { errorText, focusRing, isNonZeroYuan, type OrderDialogProps } from '~/features/orders/ui/order-helpers';
import { CANCEL_RULE_TEXT, CancelSchedule } from '~/features/orders/ui/CancelSchedule';
import { yuanToFen } from '~/platform/rules/money';
import { InlineLoadFailed } from '~/platform/ui/LoadFailed';


export interface CancelLine {
  label: string;
  value: string;
}

/** The refund lines of a paid order; the hafu-coin line only when coins were charged. */
export function cancelPreviewLines(preview: CancelPreview): CancelLine[] {
  const lines: CancelLine[] = [
    { label: '退还租金', value: `¥${preview.refund}（${preview.percent}%）` },
    { label: '退还押金', value: `¥${preview.deposit}` },
  ];
  if (isNonZeroYuan(preview.game_money)) lines.push({ label: '退还哈夫币', value: `¥${preview.game_money}` });
  lines.push({ label: '合计退回余额', value: `¥${preview.total}` });
  return lines;
}

export function CancelDialog({ order, open, onClose, onDone }: OrderDialogProps): ReactNode {
  return (
    <Modal open={open} title="取消订单" onClose={onClose} width={480}>
      <CancelBody order={order} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

/**
 * What waiting would cost: the schedule from now on. Not for an order a complaint already refunded
 * in part (the schedule counts the whole rent); the rule text stands in for it there.
 */
function LaterSchedule({ order }: { order: OrderDialogProps['order'] }): ReactNode {
  if (!order.hire_start_time || !order.hire_end_time || isNonZeroYuan(order.refund_amount)) {
    return <p className="text-xs leading-5 text-neutral-600">{CANCEL_RULE_TEXT}</p>;
  }
  return <CancelSchedule payFen={yuanToFen(order.hire_real_pay_prices)} startsAt={new Date(order.hire_start_time)} endsAt={new Date(order.hire_end_time)} now={new Date()} />;
}

type PreviewLoad = { kind: 'loading' } | { kind: 'failed'; msg: string } | { kind: 'ready'; preview: CancelPreview };

function CancelBody({ order, onClose, onDone }: Omit<OrderDialogProps, 'open'>): ReactNode {
  // Only a paid order gives money back; an unpaid one needs no preview round trip.
  const paid = order.order_status === ORDER_STATUS.paid;
  const [load, setLoad] = useState<PreviewLoad>({ kind: 'loading' });
  const [reload, setReload] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!paid) return;
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    previewCancel(order.order_no, { signal: controller.signal })
      .then((preview) => setLoad({ kind: 'ready', preview }))
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        setLoad({ kind: 'failed', msg: errorText(error, '获取退款信息失败') });
      });
    return () => controller.abort();
  }, [order.order_no, paid, reload]);

  async function confirm(): Promise<void> {
    setFailure(null);
    try {
      onDone(await cancelOrder(order.order_no));
    } catch (error) {
      setFailure(errorText(error, '取消失败，请重试'));
    }
  }

  return (
    <div className="space-y-4 text-sm">
      {!paid ? <p className="text-base text-neutral-900">确定取消该订单吗？</p> : null}
      {paid && load.kind === 'loading' ? <Skeleton lines={4} /> : null}
      {paid && load.kind === 'failed' ? (
        <InlineLoadFailed text={load.msg} onRetry={() => setReload((count) => count + 1)} />
      ) : null}
      {paid && load.kind === 'ready' ? (
        <>
          <dl className="space-y-1.5 rounded-md bg-neutral-50 px-4 py-3">
            {cancelPreviewLines(load.preview).map((line, index, lines) => (
              <div key={line.label} className={`flex justify-between gap-4 ${index === lines.length - 1 ? 'border-t border-neutral-200 pt-1.5 font-medium' : ''}`}>
                <dt className="text-neutral-600">{line.label}</dt>
                <dd className={`tabular-nums ${index === lines.length - 1 ? 'text-primary' : 'text-neutral-900'}`}>{line.value}</dd>
              </div>
            ))}
          </dl>
          {isNonZeroYuan(order.hire_game_money_prices) ? (
            <p className="text-xs leading-5 text-neutral-600" data-hafu-note>
              哈夫币预充款¥{order.hire_game_money_prices}按使用结算：租期开始后取消的，请在订单中报告剩余哈夫币，未使用部分退回余额；未开始的预约取消后全额退回。
            </p>
          ) : null}
          <LaterSchedule order={order} />
        </>
      ) : null}
      {failure ? (
        <p role="alert" className="text-primary-dark">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-3 pt-1">
        <button type="button" onClick={onClose} className={`rounded border border-neutral-300 px-4 py-2 text-neutral-700 hover:text-primary ${focusRing}`}>
          再想想
        </button>
        <DebounceButton onAction={confirm} disabled={paid && load.kind !== 'ready'}>
          确认取消
        </DebounceButton>
      </div>
    </div>
  );
}
