import { useId, useState, type ReactNode } from 'react';
import { getWallet, newIdempotencyKey, PAY_CHANNEL_LABEL, type GatewayChannel, type WalletInfo } from '~/features/wallet/client/money';
import { RECHARGE_MAX_FEN, RECHARGE_MIN_FEN } from '~/platform/config/constants';
import { RECHARGE_PRESETS_FEN } from '~/features/wallet/constants';
import { fenToYuanShort } from '~/platform/rules/money';
import LoginRequired from '~/platform/ui/LoginRequired';
import { keepSubmitLocal } from '~/platform/ui/use-form-fields';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { submitRecharge } from '~/features/wallet/ui/actions';
import { checkRechargeAmount, parseYuanInput } from '~/features/wallet/ui/amounts';
import { AmountField, useAmountInput } from '~/features/wallet/ui/AmountField';
import { CurrentBalance } from '~/features/wallet/ui/CurrentBalance';
import { focusRing, primaryButton, sectionCard } from '~/features/wallet/ui/ui';
import { useRemote } from '~/platform/ui/use-remote';

export const RECHARGE_CHANNELS: readonly GatewayChannel[] = ['alipay', 'wechat'];
export const RECHARGE_NOTE = '充值金额将实时到账，可用于租号、续租、开通VIP；充值前需完成实名认证。';
/** The preset picked when the page opens. */
const INITIAL_PRESET_FEN = RECHARGE_PRESETS_FEN[0];

const fetchWallet = (signal: AbortSignal): Promise<WalletInfo> => getWallet({ signal }).then((answer) => answer.walletsInfo);

/** The form itself (exported for tests; the page mounts RechargeForm). */
export function Recharge(): ReactNode {
  const wallet = useRemote(fetchWallet, 'wallet');
  const [channel, setChannel] = useState<GatewayChannel>('alipay');
  // One key per intent: a double click or a retry after a timeout is the same recharge; a new
  // amount or channel is a new one.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const presetsLabelId = useId();
  const amount = useAmountInput(checkRechargeAmount, fenToYuanShort(INITIAL_PRESET_FEN), () => {
    setIdempotencyKey(newIdempotencyKey());
    setFailure(null);
  });
  const amountFen = parseYuanInput(amount.text);

  function changeChannel(next: GatewayChannel): void {
    setChannel(next);
    setIdempotencyKey(newIdempotencyKey());
    setFailure(null);
  }

  async function recharge(): Promise<void> {
    setFailure(null);
    const outcome = await submitRecharge(amount.text, channel, idempotencyKey);
    if (outcome.ok) return; // on the way to the checkout
    if (outcome.reason === 'input') {
      amount.setError(outcome.message);
      return;
    }
    if (outcome.reason === 'refused') setIdempotencyKey(newIdempotencyKey());
    setFailure(outcome.message);
  }

  return (
    <form noValidate onSubmit={keepSubmitLocal} className={`flex flex-col gap-5 ${sectionCard}`}>
      <CurrentBalance remote={wallet.remote} onRetry={wallet.reload} />

      <div className="flex flex-col gap-2">
        <p id={presetsLabelId} className="text-sm text-gray-700">
          充值金额
        </p>
        <div role="group" aria-labelledby={presetsLabelId} className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {RECHARGE_PRESETS_FEN.map((fen) => {
            const picked = amountFen === fen;
            return (
              <button
                key={fen}
                type="button"
                aria-pressed={picked}
                onClick={() => {
                  amount.change(fenToYuanShort(fen));
                  amount.setError(null);
                }}
                className={`rounded border py-2 text-base tabular-nums ${picked ? 'border-primary bg-primary-light font-medium text-primary' : 'border-neutral-300 text-neutral-800 hover:border-primary hover:text-primary'} ${focusRing}`}
              >
                ¥{fenToYuanShort(fen)}
              </button>
            );
          })}
        </div>
        <div className="max-w-xs">
          <AmountField label="其他金额（元）" input={amount} minFen={RECHARGE_MIN_FEN} maxFen={RECHARGE_MAX_FEN} />
        </div>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm text-gray-700">支付方式</legend>
        <div className="flex flex-wrap gap-3">
          {RECHARGE_CHANNELS.map((option) => (
            <label
              key={option}
              className={`flex cursor-pointer items-center gap-2 rounded border px-4 py-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary ${channel === option ? 'border-primary bg-primary-light text-primary' : 'border-neutral-300 text-neutral-800'}`}
            >
              <input type="radio" name="channel" value={option} checked={channel === option} onChange={() => changeChannel(option)} className="accent-primary" />
              {PAY_CHANNEL_LABEL[option]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-2">
        <DebounceButton type="submit" onAction={recharge} className={`w-full sm:w-48 ${primaryButton}`}>
          立即充值
        </DebounceButton>
        <p role="alert" className="min-h-[1.25rem] text-sm text-primary">
          {failure ?? ''}
        </p>
      </div>

      <p className="rounded bg-neutral-50 px-3 py-2 text-xs leading-5 text-neutral-600">{RECHARGE_NOTE}</p>
    </form>
  );
}

/** /account/Recharge (充值): a preset or typed amount, Alipay or WeChat Pay, then the gateway's checkout. */
export default function RechargeForm({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Recharge />
    </LoginRequired>
  );
}
