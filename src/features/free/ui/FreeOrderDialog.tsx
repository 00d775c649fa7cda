import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { createFreeOrder, getFreeCoupons, type FreeCoupon } from '~/features/free/client';
import { MONEY_CODES, type OrderView } from '~/features/wallet/client/money';
import { MS_PER_HOUR } from '~/platform/config/constants';
import {
  FREE_ORDER_ACTION,
  FREE_RENTALS_PER_DAY,
  MSG_FREE_COUPON_EXPIRED,
  MSG_FREE_COUPON_NOT_FOUND,
  MSG_FREE_COUPON_USED,
  MSG_FREE_COUPONS_NONE,
  MSG_FREE_DAILY_LIMIT_REACHED,
  MSG_FREE_DAILY_LIMIT_USE_COUPON,
} from '~/features/free/constants';
import { couponRentalHours, defaultFreePayment, freeCouponFace, type FreePayment } from '~/features/free/rules/free-coupon';
import { formatShanghaiDateTime, formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { useRemote } from '~/platform/ui/use-remote';
import { $auth } from '~/platform/stores/auth';
import { $freeCount, loadFreeCount } from '~/features/free/store';
import { openModal } from '~/platform/stores/ui';
import { CredentialsPanel } from '~/features/orders/ui/CredentialsPanel';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { focusRing } from '~/platform/ui/focus-ring';
import { Modal } from '~/platform/ui/Modal';
import { useIntentKeys } from '~/platform/ui/use-intent-keys';
import { FREE_ORDERS_HREF } from '~/features/free/ui/free-links';
import { FigureRow } from '~/platform/ui/FigureRow';
import { RealNameNotice } from '~/features/account/ui/RealNameNotice';

export interface FreeOrderDialogProps {
  listingId: number;
  title: string;
  freeHours: number;
  open: boolean;
  onClose(): void;
  /** The free order exists (the button under the card turns into a link to it). */
  onTaken(): void;
}

/**
 * The confirm dialog of 免费玩 (spec §7 free "create order"): what the renter gets (hours from now,
 * nothing to pay, no deposit) and the day's allowance; then the order, which runs at once, so
 * the dialog shows the login details straight away. Real-name verification is the checkout's:
 * the server answers 1003 and the same verification dialog opens (spec §6). One idempotency key
 * per intent: a double click or a retry after a lost answer is one order.
 */
export default function FreeOrderDialog({ listingId, title, freeHours, open, onClose, onTaken }: FreeOrderDialogProps): ReactNode {
  const $user = useStore($auth).user;
  const $count = useStore($freeCount);
  const keys = useIntentKeys();
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<OrderView | null>(null);
  const { remote: coupons, reload: reloadCoupons } = useRemote((signal) => getFreeCoupons({ signal }), 'free-coupons');
  // The renter's own pick; until then the rule's default (the day's allowance while left, else the coupon expiring first).
  const [picked, setPicked] = useState<FreePayment | null>(null);
  // The end as the renter reads it now; the server's clock decides when it is placed.
  const [openedAt] = useState(() => Date.now());
  const couponList: readonly FreeCoupon[] = coupons.kind === 'ready' ? coupons.data : [];
  const remaining = $count.kind === 'ready' ? $count.count.remaining : null;
  const usedUp = remaining !== null && remaining <= 0;
  const payment = resolvePayment(picked, remaining, couponList);
  const coupon = payment?.kind === 'coupon' ? (couponList.find((item) => item.id === payment.couponId) ?? null) : null;
  const hours = coupon ? couponRentalHours(coupon.hours, freeHours) : freeHours;
  const endsAt = new Date(openedAt + hours * MS_PER_HOUR);
  const intent = `free:${listingId}:${coupon ? `coupon-${coupon.id}` : 'daily'}`;
  const needsRealName = $user !== null && $user['is_real_name'] === false;
  const nothingLeft = usedUp && coupons.kind === 'ready' && couponList.length === 0;

  async function submit(): Promise<void> {
    setError(null);
    try {
      const created = await createFreeOrder(listingId, keys.keyFor(intent), coupon?.id ?? null);
      setOrder(created);
      onTaken();
      void loadFreeCount();
    } catch (failure) {
      keys.settle(intent, failure);
      if (!isApiError(failure)) throw failure;
      if (failure.code === MONEY_CODES.realNameRequired) openModal('realName');
      // Used up elsewhere (another tab, another device): the count and the coupons on the page catch up.
      if (failure.msg === MSG_FREE_DAILY_LIMIT_REACHED || failure.msg === MSG_FREE_DAILY_LIMIT_USE_COUPON) {
        setPicked(null);
        void loadFreeCount();
        reloadCoupons();
      }
      if (failure.msg === MSG_FREE_COUPON_USED || failure.msg === MSG_FREE_COUPON_EXPIRED || failure.msg === MSG_FREE_COUPON_NOT_FOUND) {
        setPicked(null);
        reloadCoupons();
      }
      setError(failure.msg || '下单失败');
    }
  }

  return (
    <Modal open={open} title={FREE_ORDER_ACTION} onClose={onClose}>
      {order ? (
        <div className="space-y-3 text-sm" data-free-order-done={order.order_no}>
          <p role="status" className="rounded bg-emerald-50 px-3 py-2 text-emerald-800">
            免费租号成功，已开始计时。请用下面的账号密码登录游戏。
          </p>
          <CredentialsPanel orderNo={order.order_no} />
          <div className="flex gap-3 pt-1">
            <a href={FREE_ORDERS_HREF} className={`flex-1 rounded-md bg-primary py-2.5 text-center font-bold text-white hover:bg-primary-dark ${focusRing}`}>
              查看订单
            </a>
            <button type="button" onClick={onClose} className={`flex-1 rounded-md border border-neutral-300 py-2.5 text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`}>
              继续逛逛
            </button>
          </div>
        </div>
      ) : (
        <div className="space-y-4 text-sm" data-free-confirm>
          {needsRealName ? <RealNameNotice /> : null}
          <dl className="space-y-1.5">
            <FigureRow label="账号">{title}</FigureRow>
            <FigureRow label="免费时长">{hours}小时，确认后立即开始计时</FigureRow>
            <FigureRow label="预计结束">{formatShanghaiDateTime(endsAt)}</FigureRow>
            <FigureRow label="押金">无押金</FigureRow>
          </dl>
          <fieldset className="space-y-2" data-free-payment>
            <legend className="mb-1 font-medium text-neutral-800">使用方式</legend>
            <PaymentOption
              checked={payment?.kind === 'daily'}
              disabled={usedUp}
              onSelect={() => setPicked({ kind: 'daily' })}
              label={`今日免费次数（剩余 ${remaining === null ? '—' : `${remaining}/${$count.kind === 'ready' ? $count.count.per_day : FREE_RENTALS_PER_DAY}`}）`}
              detail={usedUp ? '今日已用完' : `免费玩${freeHours}小时`}
            />
            {couponList.map((item) => (
              <PaymentOption
                key={item.id}
                checked={coupon?.id === item.id}
                onSelect={() => setPicked({ kind: 'coupon', couponId: item.id })}
                label={`免费租号券：${item.name}`}
                detail={`${freeCouponFace(couponRentalHours(item.hours, freeHours))}${item.hours > freeHours ? `（券面${item.hours}小时，以本账号免费时长为准）` : ''}，有效期至 ${formatShanghaiIso(item.expires_at)}`}
                couponId={item.id}
              />
            ))}
            {coupons.kind === 'loading' ? <p className="text-xs text-neutral-600">正在加载免费租号券…</p> : null}
            {coupons.kind === 'failed' ? (
              <p className="text-xs text-neutral-600">
                免费租号券加载失败，
                <button type="button" onClick={reloadCoupons} className={`text-primary underline ${focusRing}`}>
                  重试
                </button>
              </p>
            ) : null}
            {coupons.kind === 'ready' && couponList.length === 0 ? <p className="text-xs text-neutral-600" data-free-coupons-empty>{MSG_FREE_COUPONS_NONE}</p> : null}
          </fieldset>
          <p className="flex items-baseline justify-between border-t border-neutral-100 pt-3">
            <span className="text-neutral-700">应付合计</span>
            <strong className="text-2xl text-primary">免费</strong>
          </p>
          {nothingLeft && !error ? <p className="text-primary-dark">{MSG_FREE_DAILY_LIMIT_REACHED}</p> : null}
          {error ? (
            <p role="alert" className="text-primary-dark">
              {error}
            </p>
          ) : null}
          <DebounceButton onAction={submit} disabled={payment === null} className="w-full rounded-md bg-primary py-2.5 text-base font-bold text-white hover:bg-primary-dark">
            {coupon ? '使用免费租号券' : '确认免费玩'}
          </DebounceButton>
          <p className="text-center text-xs text-neutral-600">每天可免费玩{FREE_RENTALS_PER_DAY}次，取消免费订单不返还当日次数，也不退还已用的免费租号券</p>
        </div>
      )}
    </Modal>
  );
}

/**
 * The payment the dialog uses: the renter's pick while it still stands (the day's allowance left, or
 * the coupon still listed), else the rule's default; null when neither is left.
 */
function resolvePayment(picked: FreePayment | null, remaining: number | null, coupons: readonly FreeCoupon[]): FreePayment | null {
  // An unknown count (still loading, or failed) does not block the day's rental: the server decides.
  const left = remaining ?? FREE_RENTALS_PER_DAY;
  if (picked?.kind === 'daily' && left > 0) return picked;
  if (picked?.kind === 'coupon' && coupons.some((item) => item.id === picked.couponId)) return picked;
  return defaultFreePayment(left, coupons);
}

interface PaymentOptionProps {
  checked: boolean;
  disabled?: boolean;
  onSelect(): void;
  label: string;
  detail: string;
  couponId?: number;
}

/** One way to pay the free rental, as a radio with its detail line. */
function PaymentOption({ checked, disabled = false, onSelect, label, detail, couponId }: PaymentOptionProps): ReactNode {
  return (
    <label
      className={`flex cursor-pointer items-start gap-2 rounded-md px-3 py-2 ring-1 ${checked ? 'bg-primary-light ring-primary' : 'ring-neutral-200'} ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
      data-free-coupon={couponId}
    >
      <input type="radio" name="free-payment" className="mt-1 accent-primary" checked={checked} disabled={disabled} onChange={onSelect} />
      <span className="min-w-0">
        <span className="block text-neutral-900">{label}</span>
        <span className="block text-xs text-neutral-600">{detail}</span>
      </span>
    </label>
  );
}
