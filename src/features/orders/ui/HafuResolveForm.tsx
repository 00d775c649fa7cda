import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureText } from '~/platform/client/errors';
import { callConsole } from '~/platform/client/console';
import { ORDER_ROUTES } from '~/features/orders/routes';
import { HAFU_TEXT_MAX, HAFU_TEXT_MIN } from '~/features/orders/constants';
import { hafuSplit } from '~/features/orders/rules/hafu-settlement';
import { parseCoins } from '~/features/orders/ui/HafuPanel';
import { fenToYuan } from '~/platform/rules/money';
import { reloadWithFlash } from '~/platform/ui/console/ops-flash';
import { OPS_FORM_INPUT } from '~/platform/ui/console/field-classes';

export interface HafuResolveFormProps {
  orderNo: string;
  startCoins: number;
  rate: number;
  prepayFen: number;
  renterCoins: number | null;
  ownerCoins: number | null;
}

/** 哈夫币争议: the operator's final count of coins left, previewed with the rule's split, and the reason both sides read. */
export function HafuResolveForm(props: HafuResolveFormProps): ReactNode {
  const id = useId();
  const [count, setCount] = useState('');
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const coins = parseCoins(count);
  // The preview assumes nothing was given back before: a dispute's prepay is still whole.
  const split = coins === null ? null : hafuSplit({ startCoins: props.startCoins, endCoins: coins, rate: props.rate, prepayFen: props.prepayFen, alreadyRefundedFen: 0 });

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (coins === null) return setMessage('请填写核实的剩余哈夫币数量');
    const length = [...text.trim()].length;
    if (length < HAFU_TEXT_MIN || length > HAFU_TEXT_MAX) return setMessage(`处理说明需${HAFU_TEXT_MIN}-${HAFU_TEXT_MAX}个字`);
    setBusy(true);
    setMessage('');
    try {
      await callConsole(ORDER_ROUTES.opsHafuResolve, { order_no: props.orderNo, coins_left: coins, text: text.trim() });
      reloadWithFlash(`订单 ${props.orderNo} 的哈夫币已结算`);
    } catch (failure) {
      setMessage(failureText(failure));
      setBusy(false);
    }
  }

  const pick = (value: number | null): void => setCount(value === null ? '' : String(value));
  return (
    <form aria-label={`裁定订单 ${props.orderNo}`} onSubmit={(event) => void submit(event)} noValidate className="space-y-2 text-sm">
      <div className="flex flex-wrap gap-2 text-xs">
        <button type="button" className="rounded border border-neutral-300 px-2 py-0.5 hover:border-primary" onClick={() => pick(props.renterCoins)}>
          采用租客数量
        </button>
        <button type="button" className="rounded border border-neutral-300 px-2 py-0.5 hover:border-primary" onClick={() => pick(props.ownerCoins)}>
          采用号主数量
        </button>
      </div>
      <label htmlFor={`${id}-coins`} className="block text-xs text-neutral-700">
        核实的剩余哈夫币
      </label>
      <input id={`${id}-coins`} inputMode="numeric" autoComplete="off" value={count} onChange={(event) => setCount(event.target.value)} className={OPS_FORM_INPUT} />
      {split ? (
        <p className="text-xs text-neutral-600" data-hafu-preview>
          使用 {split.usedCoins.toLocaleString('zh-CN')} 个：号主得 ¥{fenToYuan(split.ownerFen)}，退还租客 ¥{fenToYuan(split.renterFen)}
        </p>
      ) : null}
      <label htmlFor={`${id}-text`} className="block text-xs text-neutral-700">
        处理说明（双方可见，{HAFU_TEXT_MIN}-{HAFU_TEXT_MAX}字）
      </label>
      <textarea id={`${id}-text`} rows={2} maxLength={HAFU_TEXT_MAX} value={text} onChange={(event) => setText(event.target.value)} className={OPS_FORM_INPUT} />
      <div className="flex items-center justify-end gap-2">
        {message ? (
          <p role="alert" className="text-xs text-primary-dark">
            {message}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className="rounded bg-primary px-3 py-1.5 text-white hover:bg-primary-dark disabled:opacity-60">
          {busy ? '提交中…' : '裁定并结算'}
        </button>
      </div>
    </form>
  );
}
