import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { createFreeOrder } from '~/features/free/client';
import { MONEY_CODES, type OrderView } from '~/features/wallet/client/money';
import { MS_PER_HOUR } from '~/platform/config/constants';
import { FREE_ORDER_ACTION, FREE_RENTALS_PER_DAY, MSG_FREE_DAILY_LIMIT_REACHED } from '~/features/free/constants';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
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
  // The end as the renter reads it now; the server's clock decides when it is placed.
  const [endsAt] = useState(() => new Date(Date.now() + freeHours * MS_PER_HOUR));
  const intent = `free:${listingId}`;
  const usedUp = $count.kind === 'ready' && $count.count.remaining <= 0;
  const needsRealName = $user !== null && $user['is_real_name'] === false;

  async function submit(): Promise<void> {
    setError(null);
    try {
      const created = await createFreeOrder(listingId, keys.keyFor(intent));
      setOrder(created);
      onTaken();
      void loadFreeCount();
    } catch (failure) {
      keys.settle(intent, failure);
      if (!isApiError(failure)) throw failure;
      if (failure.code === MONEY_CODES.realNameRequired) openModal('realName');
      // Used up elsewhere (another tab, another device): the count on the page catches up.
      if (failure.msg === MSG_FREE_DAILY_LIMIT_REACHED) void loadFreeCount();
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
            <FigureRow label="免费时长">{freeHours}小时，确认后立即开始计时</FigureRow>
            <FigureRow label="预计结束">{formatShanghaiDateTime(endsAt)}</FigureRow>
            <FigureRow label="押金">无押金</FigureRow>
            <FigureRow label="今日剩余免费次数">{$count.kind === 'ready' ? `${$count.count.remaining}/${$count.count.per_day}` : '—'}</FigureRow>
          </dl>
          <p className="flex items-baseline justify-between border-t border-neutral-100 pt-3">
            <span className="text-neutral-700">应付合计</span>
            <strong className="text-2xl text-primary">免费</strong>
          </p>
          {usedUp && !error ? <p className="text-primary-dark">{MSG_FREE_DAILY_LIMIT_REACHED}</p> : null}
          {error ? (
            <p role="alert" className="text-primary-dark">
              {error}
            </p>
          ) : null}
          <DebounceButton onAction={submit} disabled={usedUp} className="w-full rounded-md bg-primary py-2.5 text-base font-bold text-white hover:bg-primary-dark">
            确认免费玩
          </DebounceButton>
          <p className="text-center text-xs text-neutral-600">每天可免费玩{FREE_RENTALS_PER_DAY}次，取消免费订单不返还当日次数</p>
        </div>
      )}
    </Modal>
  );
}
