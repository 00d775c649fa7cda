import { useState, type SubmitEvent, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { transferBalance, type TransferResult } from '~/features/wallet/client/money';
import { AMOUNT_INVALID_MSG, parseYuanInput, TRANSFER_OVER_BALANCE_MSG } from '~/features/wallet/ui/amounts';
import { routeByName } from '~/platform/config/routes';
import { MSG_PAY_PASSWORD_NOT_SET } from '~/features/wallet/rules/transfer';
import { MSG_TRANSFER_TOO_LARGE, MSG_TRANSFER_TOO_SMALL } from '~/features/wallet/rules/transfer';
import { TRANSFER_MAX_FEN, TRANSFER_MIN_FEN, TRANSFER_DAILY_MAX_FEN } from '~/features/wallet/constants';
import { fenToYuan, fenToYuanShort } from '~/platform/rules/money';
import { validatePhone } from '~/platform/rules/validation';
import { Field, submitClass } from '~/platform/ui/Field';
import { Modal } from '~/platform/ui/Modal';
import { useIntentKeys } from '~/platform/ui/use-intent-keys';

export const TRANSFER_NOTE = `转账从可用余额扣除，实时到账对方余额，不可撤回。单笔¥${fenToYuanShort(TRANSFER_MIN_FEN)}-¥${fenToYuanShort(TRANSFER_MAX_FEN)}，每日最多转出¥${fenToYuanShort(TRANSFER_DAILY_MAX_FEN)}；需先设置支付密码。`;

interface TransferDialogProps {
  open: boolean;
  balanceFen: number;
  onClose(): void;
  onDone(result: TransferResult): void;
}

/**
 * 转账 (spec §7 common "transfer"): the receiver's phone, the amount and the pay password. The
 * same limits as the server are checked before sending; the server's answer (no such user, no pay
 * password set, the balance) is shown in the form.
 */
export function TransferDialog({ open, balanceFen, onClose, onDone }: TransferDialogProps): ReactNode {
  const keys = useIntentKeys();
  const [mobile, setMobile] = useState('');
  const [amount, setAmount] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string; amount?: string; payPassword?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    setFailure(null);
    const fen = parseYuanInput(amount);
    const found = {
      mobile: validatePhone(mobile.trim()) ?? undefined,
      amount: fen === null ? AMOUNT_INVALID_MSG : fen < TRANSFER_MIN_FEN ? MSG_TRANSFER_TOO_SMALL : fen > TRANSFER_MAX_FEN ? MSG_TRANSFER_TOO_LARGE : fen > balanceFen ? TRANSFER_OVER_BALANCE_MSG : undefined,
      payPassword: payPassword === '' ? '请输入支付密码' : undefined,
    };
    setErrors(found);
    if (found.mobile || found.amount || found.payPassword) return;
    // One intent per (receiver, amount): a retry of the same transfer reuses its key.
    const intent = `transfer:${mobile.trim()}:${fen}`;
    setBusy(true);
    try {
      onDone(await transferBalance({ toMobile: mobile.trim(), amount: fenToYuan(fen!), payPassword }, keys.keyFor(intent)));
    } catch (error) {
      keys.settle(intent, error);
      setFailure(isApiError(error) && error.msg ? error.msg : '转账失败，请重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title="转账" onClose={onClose} width={440}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="转账" className="flex flex-col gap-1">
        <p className="mb-2 text-sm text-neutral-600">
          可用余额 <span className="font-medium text-neutral-900 tabular-nums">¥{fenToYuan(balanceFen)}</span>
        </p>
        <Field label="收款人手机号" error={errors.mobile ?? null} inputMode="numeric" autoComplete="off" maxLength={11} value={mobile} onChange={(event) => setMobile(event.target.value)} />
        <Field label="转账金额（元）" error={errors.amount ?? null} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
        <Field label="支付密码" error={errors.payPassword ?? null} type="password" inputMode="numeric" autoComplete="off" maxLength={32} value={payPassword} onChange={(event) => setPayPassword(event.target.value)} />
        <p className="mb-2 text-xs text-neutral-500">{TRANSFER_NOTE}</p>
        {failure ? (
          <p role="alert" className="mb-2 text-sm text-primary">
            {failure}
            {failure === MSG_PAY_PASSWORD_NOT_SET ? (
              <>
                {' '}
                <a href={routeByName('system').path} className="underline">去设置</a>
              </>
            ) : null}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={`${submitClass} disabled:opacity-60`}>
          {busy ? '转账中…' : '确认转账'}
        </button>
      </form>
    </Modal>
  );
}
