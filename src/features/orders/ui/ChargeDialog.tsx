import { useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { MONEY_CODES, type OrderView } from '~/features/wallet/client/money';
import { chargeGameMoney } from '~/features/orders/client/orders';
import { MoneyFailureLine, type MoneyFailure } from '~/features/wallet/ui/PayDialog';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Modal } from '~/platform/ui/Modal';
import { errorText, focusRing, type OrderDialogProps } from '~/features/orders/ui/order-helpers';
import { useIntentKeys } from '~/platform/ui/use-intent-keys';

/** The explainer of the hafu-coin prepay; null when the order has no prepay to charge. */
export function chargeExplainer(order: Pick<OrderView, 'productInfo'>): string | null {
  const prepay = order.productInfo?.hafu_prepay;
  if (!prepay) return null;
  return `该账号为哈夫币号，需预充哈夫币押金¥${prepay}，租期结束后未使用的哈夫币按比例退还到余额`;
}

export function ChargeDialog({ order, open, onClose, onDone }: OrderDialogProps): ReactNode {
  return (
    <Modal open={open} title="预充哈夫币" onClose={onClose} width={480}>
      <ChargeBody order={order} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

function ChargeBody({ order, onClose, onDone }: Omit<OrderDialogProps, 'open'>): ReactNode {
  const keys = useIntentKeys();
  const [failure, setFailure] = useState<MoneyFailure | null>(null);
  const prepay = order.productInfo?.hafu_prepay ?? null;
  const explainer = chargeExplainer(order);

  async function confirm(): Promise<void> {
    if (!prepay) return;
    const intent = `charge:${prepay}`;
    setFailure(null);
    try {
      onDone(await chargeGameMoney(order.order_no, prepay, keys.keyFor(intent)));
    } catch (error) {
      keys.settle(intent, error);
      setFailure({ msg: errorText(error, '预充失败，请重试'), recharge: isApiError(error) && error.code === MONEY_CODES.insufficientBalance });
    }
  }

  return (
    <div className="space-y-4 text-sm">
      {explainer ? (
        <>
          <p className="leading-6 text-neutral-900">{explainer}</p>
          <p className="text-xs text-neutral-600">预充金额从余额扣除。</p>
        </>
      ) : (
        <p role="alert" className="text-primary-dark">
          该订单没有需要预充的哈夫币
        </p>
      )}
      <MoneyFailureLine failure={failure} />
      <div className="flex justify-end gap-3 pt-1">
        <button type="button" onClick={onClose} className={`rounded border border-neutral-300 px-4 py-2 text-neutral-700 hover:text-primary ${focusRing}`}>
          取消
        </button>
        <DebounceButton onAction={confirm} disabled={!prepay}>
          确认预充
        </DebounceButton>
      </div>
    </div>
  );
}
