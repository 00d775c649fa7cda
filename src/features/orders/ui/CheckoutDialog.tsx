import { useEffect, useId, useState, type ReactNode } from 'react';
import { failureText, isApiError } from '~/platform/client/errors';
import { MONEY_CODES, type OrderQuote, type OrderView, type PayChannel, type RentalRequest } from '~/features/wallet/client/money';
import { checkoutOrder, createOrder, quoteOrder } from '~/features/orders/client/orders';
import { hafuPrepayFen, hafuTagText } from '~/features/orders/rules/hafu';
import { payResultHref } from '~/features/orders/rules/order-status';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { openModal } from '~/platform/stores/ui';
import { BalanceText, MoneyFailureLine, PayChannelList, PayDialog, RedirectAnnouncer, payChannelChoices, payWith, useChannelPick, type MoneyFailure } from '~/features/wallet/ui/PayDialog';
import { useIntentKeys } from '~/platform/ui/use-intent-keys';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Modal } from '~/platform/ui/Modal';
import { Skeleton } from '~/platform/ui/Skeleton';
import { FigureRow } from '~/platform/ui/FigureRow';
import { RealNameNotice } from '~/features/account/ui/RealNameNotice';
import { CancelSchedule } from '~/features/orders/ui/CancelSchedule';
import { fenToYuan, yuanToFen } from '~/platform/rules/money';

export interface CheckoutDialogProps {
  /** What the picker chose (without the envelope: the dialog chooses it with the renter). */
  request: Omit<RentalRequest, 'red_packet_id'>;
  /** The listing's hafu coins (spec §1: prepaid), for the prepay line and the hafuCoin explainer. */
  hafu?: CheckoutHafu;
  open: boolean;
  onClose(): void;
}

export interface CheckoutHafu {
  game_money: number;
  money_exchange_rate: number | null;
}

/** The checkout's hafu line: 含哈夫币85.5万，租号开始后需预付¥85.50 (spec §9 tag and prepay); null without coins. */
export function checkoutHafuText(hafu: CheckoutHafu | undefined): string | null {
  if (!hafu || !Number.isSafeInteger(hafu.game_money) || hafu.game_money <= 0) return null;
  const tag = hafuTagText(hafu.game_money);
  const prepayFen = hafuPrepayFen(hafu.game_money, hafu.money_exchange_rate);
  const prepay = prepayFen === null ? '需预付哈夫币押金' : `需预付¥${fenToYuan(prepayFen)}`;
  return `含哈夫币${tag ?? ''}，租号开始后${prepay}，未用完按比例退还`;
}

/** Value of the envelope select: the server's best choice, none, or one envelope. */
type EnvelopeChoice = 'best' | 'none' | number;

export function envelopeRequest(choice: EnvelopeChoice): Pick<RentalRequest, 'red_packet_id'> {
  if (choice === 'best') return {};
  return { red_packet_id: choice === 'none' ? null : choice };
}

/**
 * 应付合计 with the hafu-coin prepay inside it: the renter pays the order now and the prepay when
 * the rental starts (detail/chargeAccount), so the sum is what the rental costs in all; the line
 * under it says what is paid when.
 */
export function checkoutTotalLines(totalFen: number, prepayFen: number | null): { total: string; split: string | null } {
  if (prepayFen === null || prepayFen <= 0) return { total: fenToYuan(totalFen), split: null };
  return { total: fenToYuan(totalFen + prepayFen), split: `现在支付¥${fenToYuan(totalFen)}，租号开始后预付哈夫币¥${fenToYuan(prepayFen)}（未用完按比例退还）` };
}

function CheckoutTotal({ totalFen, prepayFen }: { totalFen: number; prepayFen: number | null }): ReactNode {
  const lines = checkoutTotalLines(totalFen, prepayFen);
  return (
    <div className="border-t border-neutral-100 pt-3">
      <p className="flex items-baseline justify-between">
        <span className="text-neutral-700">应付合计</span>
        <strong className="text-2xl text-primary" data-checkout-total={totalFen}>
          ¥{lines.total}
        </strong>
      </p>
      {lines.split ? <p className="mt-1 text-right text-xs text-neutral-600">{lines.split}</p> : null}
    </div>
  );
}

type Load = { kind: 'loading' } | { kind: 'failed'; text: string } | { kind: 'ready'; quote: OrderQuote };

/** What 提交订单 will do with the chosen channel, said under the button before the click. */
export function submitNote(channel: PayChannel | null, totalFen: number): string {
  if (channel === 'wallet') return totalFen > 0 ? `提交后立即从余额支付¥${fenToYuan(totalFen)}` : '提交后订单立即生效';
  return '下单后请在15分钟内完成支付，超时订单将自动取消';
}

/** An order made but not paid: the pay dialog takes over, with why when the gateway refused. */
interface Unpaid {
  order: OrderView;
  failure?: MoneyFailure;
}

/**
 * 确认订单 of the detail page: the server's quote for this renter (VIP, red envelope, deposit)
 * and the payment method, then one click. From the wallet the order is booked and paid in one
 * call; through a gateway it is created, then paid at the gateway's checkout (and when the
 * gateway refuses, the pay dialog takes the unpaid order). Loaded only when 立即租号 is clicked,
 * so the detail page's first JavaScript stays small. One idempotency key per intent and opening:
 * a double click or a retry after a lost answer never creates a second order.
 */
export default function CheckoutDialog({ request, hafu, open, onClose }: CheckoutDialogProps): ReactNode {
  const id = useId();
  const [choice, setChoice] = useState<EnvelopeChoice>('best');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [failure, setFailure] = useState<MoneyFailure | null>(null);
  const [unpaid, setUnpaid] = useState<Unpaid | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const keys = useIntentKeys();
  const choices = load.kind === 'ready' ? payChannelChoices({ kind: 'rental', totalFen: load.quote.total_fen, balanceFen: load.quote.balance_fen }) : [];
  const { channel, pick } = useChannelPick(choices, () => setFailure(null));

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    quoteOrder({ ...request, ...envelopeRequest(choice) }, { signal: controller.signal })
      .then((quote) => setLoad({ kind: 'ready', quote }))
      .catch((failure: unknown) => {
        if (isApiError(failure) && failure.cancelled) return;
        setLoad({ kind: 'failed', text: failureText(failure, '获取价格失败') });
      });
    return () => controller.abort();
  }, [open, choice, request]);

  async function submit(quote: OrderQuote, channel: PayChannel): Promise<void> {
    setFailure(null);
    const body = { ...request, red_packet_id: quote.red_packet?.id ?? null };
    const intent = channel === 'wallet' ? 'checkout:wallet' : 'create';
    let created: OrderView;
    try {
      created = channel === 'wallet' ? await checkoutOrder(body, keys.keyFor(intent)) : await createOrder(body, keys.keyFor(intent));
    } catch (error) {
      if (isApiError(error) && error.code === MONEY_CODES.realNameRequired) openModal('realName');
      // A refusal means nothing was booked: the next try is a new intent.
      keys.settle(intent, error);
      setFailure({ msg: failureText(error, '下单失败'), recharge: isApiError(error) && error.code === MONEY_CODES.insufficientBalance });
      return;
    }
    if (channel === 'wallet') {
      location.assign(payResultHref(created.order_no));
      return;
    }
    const outcome = await payWith(created.order_no, channel, keys.keyFor(`pay:${channel}`));
    if (outcome.kind === 'redirect') {
      setRedirecting(true);
      location.assign(outcome.url);
    } else if (outcome.kind === 'paid') location.assign(payResultHref(outcome.order.order_no));
    else setUnpaid({ order: created, failure: { msg: outcome.msg, recharge: outcome.recharge } });
  }

  const hafuText = checkoutHafuText(hafu);

  if (unpaid) {
    return (
      <PayDialog
        order={unpaid.order}
        open={open}
        onClose={onClose}
        onPaid={(paid) => location.assign(payResultHref(paid.order_no))}
        {...(unpaid.failure ? { initialFailure: unpaid.failure } : {})}
      />
    );
  }

  return (
    <Modal open={open} title="确认订单" onClose={onClose}>
      {load.kind === 'loading' ? <Skeleton lines={5} className="py-2" /> : null}
      {load.kind === 'failed' ? (
        <p role="alert" className="text-sm text-primary-dark">
          {load.text}
        </p>
      ) : null}
      {load.kind === 'ready' ? (
        <div className="space-y-4 text-sm" data-checkout>
          {!load.quote.is_real_name ? <RealNameNotice /> : null}
          <dl className="space-y-1.5">
            <FigureRow label="租赁方式">
              {load.quote.option_label}
              {load.quote.rental_option === 'hourly' ? ` × ${load.quote.hours}小时` : ''}
              {load.quote.reserved ? '（预约）' : ''}
            </FigureRow>
            <FigureRow label="租期">
              {formatShanghaiDateTime(new Date(load.quote.starts_at))} 至 {formatShanghaiDateTime(new Date(load.quote.ends_at))}
            </FigureRow>
            <FigureRow label="租金">¥{load.quote.original}</FigureRow>
            {load.quote.activity_discount !== '0.00' ? <FigureRow label="活动优惠">−¥{load.quote.activity_discount}</FigureRow> : null}
            {load.quote.vip_discount !== '0.00' ? <FigureRow label="VIP优惠">−¥{load.quote.vip_discount}</FigureRow> : null}
            {load.quote.coupon_discount !== '0.00' ? <FigureRow label="红包抵扣">−¥{load.quote.coupon_discount}</FigureRow> : null}
            <FigureRow label="押金（可退）">{load.quote.deposit === '0.00' ? '无押金' : `¥${load.quote.deposit}`}</FigureRow>
          </dl>
          {hafuText && hafu ? (
            <p className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200" data-checkout-hafu>
              <span>{hafuText}</span>
              <button
                type="button"
                onClick={() => openModal('hafuCoin', { game_money: hafu.game_money, money_exchange_rate: hafu.money_exchange_rate })}
                className="rounded-full border border-amber-600 px-3 py-0.5 text-xs hover:bg-amber-100"
              >
                哈夫币说明
              </button>
            </p>
          ) : null}
          <div>
            <label htmlFor={`${id}-envelope`} className="mb-1 block text-neutral-700">
              红包
            </label>
            <select
              id={`${id}-envelope`}
              value={String(load.quote.red_packet?.id ?? 'none')}
              onChange={(event) => setChoice(event.target.value === 'none' ? 'none' : Number(event.target.value))}
              className="w-full rounded border border-neutral-300 px-2 py-1.5"
            >
              <option value="none">不使用红包</option>
              {load.quote.usable_red_packets.map((envelope) => (
                <option key={envelope.id} value={envelope.id}>
                  {envelope.name}（{envelope.label}，省¥{envelope.discount}）
                </option>
              ))}
            </select>
            {load.quote.usable_red_packets.length === 0 ? <p className="mt-1 text-xs text-neutral-600">暂无可用于此订单的红包</p> : null}
          </div>
          <CancelSchedule payFen={yuanToFen(load.quote.pay)} startsAt={new Date(load.quote.starts_at)} endsAt={new Date(load.quote.ends_at)} now={new Date()} />
          <CheckoutTotal totalFen={load.quote.total_fen} prepayFen={hafu ? hafuPrepayFen(hafu.game_money, hafu.money_exchange_rate) : null} />
          <PayChannelList choices={choices} channel={channel} onPick={pick} balance={<BalanceText yuan={fenToYuan(load.quote.balance_fen)} />} />
          <MoneyFailureLine failure={failure} />
          <RedirectAnnouncer redirecting={redirecting} />
          <DebounceButton
            onAction={() => (channel ? submit(load.quote, channel) : Promise.resolve())}
            disabled={channel === null || redirecting}
            data-track="submit_order"
            data-track-value={JSON.stringify({ productId: request.account_id, productName: request.option })}
            className="w-full rounded-md bg-primary py-2.5 text-base font-bold text-white hover:bg-primary-dark">
            {redirecting ? '正在跳转…' : '提交订单'}
          </DebounceButton>
          <p className="text-center text-xs text-neutral-600">{submitNote(channel, load.quote.total_fen)}</p>
        </div>
      ) : null}
    </Modal>
  );
}
