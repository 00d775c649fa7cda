import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { couponFromInfo, isPercentageCoupon } from '~/features/orders/rules/coupon';
import { fenToYuanShort } from '~/platform/rules/money';
import { formatShanghaiDate } from '~/platform/rules/shanghai-time';
import { $redPackets, loadRedPackets, RED_PACKETS_LOAD_FAILED_MSG, type RedPacket } from '~/features/wallet/red-packets-store';
import { EmptyState } from '~/platform/ui/EmptyState';
import { Modal } from '~/platform/ui/Modal';
import { Skeleton } from '~/platform/ui/Skeleton';
import type { ModalContentProps } from '~/platform/ui/modal-types';

/** Where 去使用 leads: the rental hall, where an envelope is spent on an order. */
export const RED_PACKET_USE_HREF = '/zuhao.html';
export const RED_PACKET_EMPTY_TEXT = '暂无可用红包';

export interface RedPacketView {
  id: number;
  name: string;
  /** 满10可用 / 无门槛 */
  threshold: string;
  /** ¥3 (fixed) or 9折 (percentage); '' when couponsInfo is malformed. */
  discount: string;
  /** 最高减¥5 for a capped percentage envelope, else null. */
  cap: string | null;
  /** 有效期至 2026-03-31 (Shanghai date of expires_at). */
  validUntil: string;
}

/** What one envelope row shows (couponsInfo's yuan read back into fen by couponFromInfo). */
export function redPacketView(packet: RedPacket): RedPacketView {
  const validUntil = `有效期至 ${formatShanghaiDate(new Date(packet.expires_at))}`;
  let coupon;
  try {
    coupon = couponFromInfo(packet.couponsInfo);
  } catch {
    return { id: packet.id, name: packet.name, threshold: '', discount: '', cap: null, validUntil };
  }
  const threshold = coupon.min_order_amount_fen > 0 ? `满${fenToYuanShort(coupon.min_order_amount_fen)}可用` : '无门槛';
  if (isPercentageCoupon(coupon)) {
    const rate = `${Number(((coupon.discount_percentage ?? 100) / 10).toFixed(2))}折`;
    const cap = coupon.max_discount_amount_fen ? `最高减¥${fenToYuanShort(coupon.max_discount_amount_fen)}` : null;
    return { id: packet.id, name: packet.name, threshold, discount: rate, cap, validUntil };
  }
  return { id: packet.id, name: packet.name, threshold, discount: `¥${fenToYuanShort(coupon.discount_amount_fen ?? 0)}`, cap: null, validUntil };
}

/**
 * The red-envelope popup (spec §4: a new user sees it 0.8 s after login with props.newUser; the
 * header's "my red envelopes" can open it too). Shows the usable envelopes of $redPackets, which
 * login has normally loaded already; loads them itself when the store is still empty.
 */
export default function RedPacketModal({ props, onClose }: ModalContentProps): ReactNode {
  const $list = useStore($redPackets);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if ($redPackets.get() !== null) return;
    let live = true;
    setFailed(false);
    void loadRedPackets().then((list) => {
      if (live && list === null && $redPackets.get() === null) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  const heading = props.newUser === true ? '恭喜获得新人红包' : '我的红包';
  const views = $list?.map(redPacketView) ?? [];

  let body: ReactNode;
  if ($list === null && failed) {
    body = (
      <EmptyState
        type={2}
        text={RED_PACKETS_LOAD_FAILED_MSG}
        action={
          <button type="button" onClick={() => setAttempt((n) => n + 1)} className="rounded border border-gray-300 px-4 py-1.5 text-sm text-gray-700 hover:bg-gray-50">
            重新加载
          </button>
        }
      />
    );
  } else if ($list === null) {
    body = <Skeleton lines={3} className="py-4" />;
  } else if (views.length === 0) {
    body = <EmptyState type={1} text={RED_PACKET_EMPTY_TEXT} />;
  } else {
    body = (
      <ul className="space-y-3" aria-label="可用红包">
        {views.map((view) => (
          <li key={view.id} className="flex items-stretch overflow-hidden rounded-lg border border-red-100 bg-red-50">
            <div className="flex w-28 shrink-0 flex-col items-center justify-center bg-red-500 px-2 py-3 text-white">
              <span className="text-2xl font-bold leading-none">{view.discount}</span>
              {view.cap ? <span className="mt-1 text-xs">{view.cap}</span> : null}
            </div>
            <div className="flex min-w-0 flex-1 flex-col justify-center gap-1 px-4 py-3">
              <span className="truncate font-medium text-gray-900">{view.name}</span>
              <span className="text-sm text-red-600">{view.threshold}</span>
              <span className="text-xs text-gray-500">{view.validUntil}</span>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal
      open
      title="红包"
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose} className="rounded border border-gray-300 px-4 py-2 text-sm text-gray-700 hover:bg-gray-50">
            知道了
          </button>
          <a
            href={RED_PACKET_USE_HREF}
            data-autofocus=""
            className="rounded bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark"
          >
            去使用
          </a>
        </>
      }
    >
      <p className="mb-4 text-center text-lg font-semibold text-red-600">{heading}</p>
      <div aria-live="polite" aria-busy={$list === null && !failed}>
        {body}
      </div>
    </Modal>
  );
}
