import { useEffect, useId, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { getWallet, MONEY_CODES, PAY_CHANNEL_LABEL, type OrderView, type PayChannel, type WalletInfo } from '~/features/wallet/client/money';
import { payOrder } from '~/features/orders/client/orders';
import { formatShanghaiClock } from '~/platform/rules/shanghai-time';
import { errorText, focusRing, isNonZeroYuan, RECHARGE_HREF } from '~/features/orders/ui/order-helpers';
import { useIntentKeys } from '~/platform/ui/use-intent-keys';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Modal } from '~/platform/ui/Modal';

export interface PayDialogProps {
  order: OrderView;
  open: boolean;
  onClose(): void;
  onPaid(order: OrderView): void;
  /** Why the dialog opened on a failure (确认订单's gateway refused after the order was made). */
  initialFailure?: MoneyFailure;
}

const CHANNELS: readonly PayChannel[] = ['wallet', 'alipay', 'wechat'];
const PAY_FAILED_TEXT = '支付失败，请重试';

export interface ChannelChoice {
  channel: PayChannel;
  label: string;
  disabled: boolean;
  /** Why the channel cannot be used now. */
  note: string | null;
  /** Offer 去充值 beside the note. */
  recharge: boolean;
  /** The balance is still being read: whether this channel is usable is not known yet. */
  loading?: boolean;
}

/**
 * The three channels for an order. The wallet needs its balance known and at least the total;
 * a recharge order cannot be paid from the balance it tops up.
 */
export function payChannelChoices(input: { kind: OrderView['kind']; totalFen: number; balanceFen: number | null; balanceLoading?: boolean }): ChannelChoice[] {
  return CHANNELS.map((channel) => {
    const base = { channel, label: PAY_CHANNEL_LABEL[channel], disabled: false, note: null, recharge: false };
    if (channel !== 'wallet') return base;
    if (input.kind === 'recharge') return { ...base, disabled: true, note: '充值订单不能使用余额支付' };
    if (input.balanceFen === null) return { ...base, disabled: true, ...(input.balanceLoading ? { loading: true } : {}) };
    if (input.balanceFen < input.totalFen) return { ...base, disabled: true, note: '余额不足', recharge: true };
    return base;
  });
}

/**
 * The user's pick if it can be used, else the first usable channel (the wallet when it covers the
 * total). Nothing is picked for the user while the balance is read: the default could still turn
 * into the wallet, and a choice that changes under the finger pays the wrong way.
 */
export function pickChannel(choices: readonly ChannelChoice[], preferred: PayChannel | null): PayChannel | null {
  const usable = choices.filter((choice) => !choice.disabled);
  const picked = usable.find((choice) => choice.channel === preferred)?.channel;
  if (picked) return picked;
  if (choices.some((choice) => choice.loading)) return null;
  return usable[0]?.channel ?? null;
}

/**
 * The channel in use (pickChannel over the payer's pick) and the pick itself, which also clears
 * the last refusal: it was about the channel left behind.
 */
export function useChannelPick(choices: readonly ChannelChoice[], clearFailure: () => void): { channel: PayChannel | null; pick(channel: PayChannel): void } {
  const [preferred, setPreferred] = useState<PayChannel | null>(null);
  return {
    channel: pickChannel(choices, preferred),
    pick(channel) {
      setPreferred(channel);
      clearFailure();
    },
  };
}

/** Said to screen readers while the browser leaves for the gateway's checkout. */
export function RedirectAnnouncer({ redirecting }: { redirecting: boolean }): ReactNode {
  return (
    <p aria-live="polite" className="sr-only">
      {redirecting ? '正在跳转到支付页面' : ''}
    </p>
  );
}

export type PayOutcome =
  | { kind: 'paid'; order: OrderView }
  | { kind: 'redirect'; url: string }
  | { kind: 'failed'; msg: string; recharge: boolean; error: unknown };

/** One 确认支付: the wallet pays at once, a gateway answers with its checkout address. */
export async function payWith(orderNo: string, channel: PayChannel, idempotencyKey: string): Promise<PayOutcome> {
  try {
    const result = await payOrder(orderNo, channel, idempotencyKey);
    return result.paid ? { kind: 'paid', order: result.order } : { kind: 'redirect', url: result.checkout_url };
  } catch (error) {
    return {
      kind: 'failed',
      msg: errorText(error, PAY_FAILED_TEXT),
      recharge: isApiError(error) && error.code === MONEY_CODES.insufficientBalance,
      error,
    };
  }
}

/** '请在 14:35 前完成支付' (Shanghai clock); null when the deadline is unreadable. */
export function payDeadlineText(payDeadline: string): string | null {
  const date = new Date(payDeadline);
  return Number.isNaN(date.getTime()) ? null : `请在 ${formatShanghaiClock(date)} 前完成支付`;
}

/** What is being paid for: rentals, VIP plans and recharges all come through here. */
function subjectOf(order: OrderView): string {
  if (order.productInfo) return order.productInfo.title;
  if (order.vip_plan) return `${order.vip_plan.name}（${order.vip_plan.days}天）`;
  return order.kind === 'recharge' ? '余额充值' : '订单支付';
}

export function RechargeLink(): ReactNode {
  return (
    <a href={RECHARGE_HREF} className={`text-primary underline-offset-2 hover:underline ${focusRing}`}>
      去充值
    </a>
  );
}

/** A refused payment: the server's message, with 去充值 when the balance was short. */
export interface MoneyFailure {
  msg: string;
  recharge: boolean;
}

export function MoneyFailureLine({ failure }: { failure: MoneyFailure | null }): ReactNode {
  if (!failure) return null;
  return (
    <p role="alert" className="text-primary-dark">
      {failure.msg}
      {failure.recharge ? (
        <>
          {' '}
          <RechargeLink />
        </>
      ) : null}
    </p>
  );
}

type WalletLoad = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; wallet: WalletInfo };

/**
 * The shared pay dialog (order list, VIP, recharge). The body mounts per opening, so each opening
 * starts with fresh idempotency keys and a fresh balance.
 */
export function PayDialog({ order, open, onClose, onPaid, initialFailure }: PayDialogProps): ReactNode {
  return (
    <Modal open={open} title="订单支付" onClose={onClose} width={480}>
      <PayBody order={order} onClose={onClose} onPaid={onPaid} {...(initialFailure ? { initialFailure } : {})} />
    </Modal>
  );
}

function PayBody({ order, onClose, onPaid, initialFailure }: Omit<PayDialogProps, 'open'>): ReactNode {
  const keys = useIntentKeys();
  const [wallet, setWallet] = useState<WalletLoad>({ kind: 'loading' });
  const [failure, setFailure] = useState<MoneyFailure | null>(initialFailure ?? null);
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getWallet({ signal: controller.signal })
      .then(({ walletsInfo }) => setWallet({ kind: 'ready', wallet: walletsInfo }))
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        setWallet({ kind: 'failed' });
      });
    return () => controller.abort();
  }, []);

  const balanceFen = wallet.kind === 'ready' ? wallet.wallet.balance_fen : null;
  const choices = payChannelChoices({ kind: order.kind, totalFen: order.total_fen, balanceFen, balanceLoading: wallet.kind === 'loading' });
  const { channel, pick } = useChannelPick(choices, () => setFailure(null));
  const deadline = payDeadlineText(order.pay_deadline);

  async function confirm(): Promise<void> {
    if (!channel) return;
    const intent = `pay:${channel}`;
    setFailure(null);
    const outcome = await payWith(order.order_no, channel, keys.keyFor(intent));
    if (outcome.kind === 'paid') onPaid(outcome.order);
    else if (outcome.kind === 'redirect') {
      setRedirecting(true);
      location.assign(outcome.url);
    } else {
      keys.settle(intent, outcome.error);
      setFailure({ msg: outcome.msg, recharge: outcome.recharge });
    }
  }

  return (
    <div className="space-y-4 text-sm">
      <div>
        <p className="truncate text-neutral-900" title={subjectOf(order)}>
          {subjectOf(order)}
        </p>
        <p className="mt-0.5 text-xs text-neutral-600">订单号 {order.order_no}</p>
      </div>

      <div className="rounded-md bg-neutral-50 px-4 py-3">
        <p className="text-neutral-700">
          应付金额{' '}
          <strong className="text-2xl font-bold text-primary tabular-nums" data-pay-total={order.total_fen}>
            ¥{order.total}
          </strong>
        </p>
        {isNonZeroYuan(order.deposit) ? <p className="mt-0.5 text-xs text-neutral-600">含押金¥{order.deposit}（租期结束后退还）</p> : null}
        {deadline ? <p className="mt-1 text-xs text-amber-800">{deadline}</p> : null}
      </div>

      <PayChannelList choices={choices} channel={channel} onPick={pick} balance={<WalletBalance load={wallet} />} />

      <MoneyFailureLine failure={failure} />
      <RedirectAnnouncer redirecting={redirecting} />

      <div className="flex justify-end gap-3 pt-1">
        <button type="button" onClick={onClose} className={`rounded border border-neutral-300 px-4 py-2 text-neutral-700 hover:text-primary ${focusRing}`}>
          取消
        </button>
        <DebounceButton
          onAction={confirm}
          disabled={channel === null || redirecting}
          data-track="pay_button"
          data-track-value={JSON.stringify({ id: order.order_no, name: order.option_label ?? order.kind })}
        >
          {redirecting ? '正在跳转…' : '确认支付'}
        </DebounceButton>
      </div>
    </div>
  );
}

export interface PayChannelListProps {
  choices: readonly ChannelChoice[];
  channel: PayChannel | null;
  onPick(channel: PayChannel): void;
  /** Shown beside 余额支付: the balance, or that it is being read. */
  balance: ReactNode;
}

/** 支付方式: the channels as radios, a disabled one with why and, when the balance is short, 去充值. */
export function PayChannelList({ choices, channel, onPick, balance }: PayChannelListProps): ReactNode {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-neutral-900">支付方式</legend>
      <div className="space-y-2">
        {choices.map((choice) => (
          <div
            key={choice.channel}
            className={`flex flex-wrap items-center justify-between gap-2 rounded-md px-3 py-2.5 ring-1 ${channel === choice.channel ? 'bg-primary-light ring-2 ring-primary' : 'ring-neutral-300'} ${choice.disabled ? 'opacity-70' : ''}`}
          >
            <label className={`inline-flex items-center gap-2 ${choice.disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
              <input
                type="radio"
                name={`${id}-channel`}
                value={choice.channel}
                checked={channel === choice.channel}
                disabled={choice.disabled}
                onChange={() => onPick(choice.channel)}
                className="accent-primary"
              />
              <span className="text-neutral-900">{choice.label}</span>
              {choice.channel === 'wallet' ? balance : null}
            </label>
            {choice.note ? (
              <span className="text-xs text-primary-dark">
                {choice.note}
                {choice.recharge ? (
                  <>
                    {' '}
                    <RechargeLink />
                  </>
                ) : null}
              </span>
            ) : null}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** 可用余额¥12.50 beside 余额支付. */
export function BalanceText({ yuan }: { yuan: string }): ReactNode {
  return <span className="text-xs text-neutral-600 tabular-nums">可用余额¥{yuan}</span>;
}

function WalletBalance({ load }: { load: WalletLoad }): ReactNode {
  if (load.kind === 'loading') return <span className="text-xs text-neutral-500">余额加载中…</span>;
  if (load.kind === 'failed') return <span className="text-xs text-neutral-500">余额获取失败</span>;
  return <BalanceText yuan={load.wallet.balance} />;
}
