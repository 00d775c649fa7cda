import { useStore } from '@nanostores/react';
import { useId, useState, type ReactNode } from 'react';
import { $auth } from '~/platform/stores/auth';
import { newIdempotencyKey, type WalletInfo, type Withdrawal } from '~/features/wallet/client/money';
import { WITHDRAW_MAX_FEN, WITHDRAW_MIN_FEN } from '~/features/wallet/constants';
import { fenToYuan } from '~/platform/rules/money';
import { showSuccess } from '~/platform/stores/ui';
import { keepSubmitLocal } from '~/platform/ui/use-form-fields';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { submitWithdrawal } from '~/features/wallet/ui/actions';
import { checkWithdrawAmount } from '~/features/wallet/ui/amounts';
import { AmountField, useAmountInput } from '~/features/wallet/ui/AmountField';
import { focusRing, primaryButton, sectionCard, yuanLabel } from '~/features/wallet/ui/ui';

export const WITHDRAW_SUBMITTED_MSG = '提现申请已提交';
/** The server's answer to a withdrawal without the pay password the user has set. */
export const PAY_PASSWORD_NEEDED_MSG = '请输入支付密码';
export const WITHDRAW_NOTE = '提现金额在处理完成前冻结；预计2小时内到账';

export interface WithdrawFormProps {
  wallet: WalletInfo;
  onSubmitted(withdrawal: Withdrawal): void;
}

/** Section 2 of 提现 (申请提现): the balance that may leave, an amount, 全部提现 and 申请提现. */
export function WithdrawForm({ wallet, onSubmitted }: WithdrawFormProps): ReactNode {
  const titleId = useId();
  // One key per intent (see actions.ts): a double click or a retry after a timeout is the same withdrawal.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  // Once a pay password is set (账号设置), every withdrawal carries it.
  // The stored profile may predate a pay password set on another device: the server's 请输入支付密码
  // then shows the field too.
  const [askedForPayPassword, setAskedForPayPassword] = useState(false);
  const needsPayPassword = useStore($auth).user?.['has_pay_password'] === true || askedForPayPassword;
  const [payPassword, setPayPassword] = useState('');
  const payPasswordId = useId();
  const amount = useAmountInput((text) => checkWithdrawAmount(text, wallet.balance_fen), '', () => {
    setIdempotencyKey(newIdempotencyKey());
    setFailure(null);
  });

  async function withdraw(): Promise<void> {
    setFailure(null);
    if (needsPayPassword && !/^\d{6}$/.test(payPassword)) {
      setFailure('请输入6位数字支付密码');
      return;
    }
    const outcome = await submitWithdrawal(amount.text, wallet.balance_fen, idempotencyKey, needsPayPassword ? payPassword : undefined);
    if (!outcome.ok) {
      if (outcome.message === PAY_PASSWORD_NEEDED_MSG) setAskedForPayPassword(true);
      if (outcome.reason === 'input') amount.setError(outcome.message);
      else setFailure(outcome.message);
      if (outcome.reason === 'refused') setIdempotencyKey(newIdempotencyKey());
      return;
    }
    amount.clear();
    setPayPassword('');
    setIdempotencyKey(newIdempotencyKey());
    showSuccess(WITHDRAW_SUBMITTED_MSG);
    onSubmitted(outcome.value);
  }

  return (
    <section aria-labelledby={titleId} className={sectionCard}>
      <h2 id={titleId} className="mb-3 text-base font-medium text-neutral-900">
        申请提现
      </h2>
      <dl className="mb-4 flex flex-wrap gap-x-10 gap-y-2 text-sm" aria-live="polite">
        <div>
          <dt className="text-neutral-600">可提现余额</dt>
          <dd className="mt-0.5 text-2xl font-bold text-primary tabular-nums" data-balance-fen={wallet.balance_fen}>
            {yuanLabel(wallet.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-neutral-600">冻结中</dt>
          <dd className="mt-0.5 text-xl text-neutral-900 tabular-nums" data-frozen-fen={wallet.frozen_fen}>
            {yuanLabel(wallet.frozen)}
          </dd>
        </div>
      </dl>
      <form noValidate onSubmit={keepSubmitLocal} className="flex max-w-md flex-col gap-2">
        <AmountField
          label="提现金额（元）"
          input={amount}
          minFen={WITHDRAW_MIN_FEN}
          maxFen={WITHDRAW_MAX_FEN}
          trailing={
            <button
              type="button"
              onClick={() => {
                const all = fenToYuan(wallet.balance_fen);
                amount.change(all);
                amount.check(all);
              }}
              className={`shrink-0 rounded border border-primary px-3 text-sm whitespace-nowrap text-primary hover:bg-primary-light ${focusRing}`}
            >
              全部提现
            </button>
          }
        />
        {needsPayPassword ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={payPasswordId} className="text-sm text-neutral-700">
              支付密码
            </label>
            <input
              id={payPasswordId}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={payPassword}
              onChange={(event) => setPayPassword(event.target.value.replace(/\D/g, ''))}
              placeholder="请输入6位数字支付密码"
              className={`rounded border border-neutral-300 px-3 py-2 text-sm ${focusRing}`}
            />
          </div>
        ) : null}
        <DebounceButton type="submit" onAction={withdraw} className={`w-full sm:w-40 ${primaryButton}`}>
          申请提现
        </DebounceButton>
        <p role="alert" className="min-h-[1.25rem] text-sm text-primary">
          {failure ?? ''}
        </p>
        <p className="text-xs text-neutral-600">{WITHDRAW_NOTE}</p>
      </form>
    </section>
  );
}
