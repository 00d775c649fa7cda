/**
 * 我的红包's data: the three tabs over GET account/redPackets (spec §7 "GET my red packets") and
 * the face of an envelope. The store's loadRedPackets keeps only the usable list for the rest of
 * the site; this screen pages through every status itself.
 */
import { call } from '~/platform/client/client';
import { WALLET_ROUTES, type RedPacketsQuery } from '~/features/wallet/routes';
import { COUPON_TYPE_PERCENTAGE, RED_PACKET_STATUS } from '~/platform/config/constants';
import { RED_PACKET_PAGE_SIZE } from '~/features/wallet/constants';
import { couponFromInfo, couponLabel } from '~/features/orders/rules/coupon';
import { USABLE_RED_PACKETS_QUERY, type RedPacketCouponInfo, type RedPacketPage } from '~/features/wallet/red-packets-store';

export type EnvelopeTab = 'usable' | 'used' | 'expired';

export const ENVELOPE_TABS: readonly { value: EnvelopeTab; label: string; empty: string }[] = [
  { value: 'usable', label: '可使用', empty: '暂无可用红包' },
  { value: 'used', label: '已使用', empty: '暂无已使用红包' },
  { value: 'expired', label: '已过期', empty: '暂无过期红包' },
];

/** The query of one tab: 可使用 is the spec's exact "my red packets" query (canUse='1'). */
export function envelopeQuery(tab: EnvelopeTab): RedPacketsQuery {
  if (tab === 'usable') return { ...USABLE_RED_PACKETS_QUERY };
  const status = tab === 'used' ? RED_PACKET_STATUS.used : RED_PACKET_STATUS.expired;
  return { status, page: 1, page_size: RED_PACKET_PAGE_SIZE };
}

export function listEnvelopes(tab: EnvelopeTab, signal: AbortSignal): Promise<RedPacketPage> {
  return call(WALLET_ROUTES.redPackets, envelopeQuery(tab), { signal });
}

/** The big text of the ticket: ¥3.00 for a fixed envelope, 8.8折 for a percentage one (88 = 8.8折). */
export function envelopeFaceText(info: Pick<RedPacketCouponInfo, 'type' | 'discount_amount' | 'discount_percentage'>): string {
  if (info.type === COUPON_TYPE_PERCENTAGE) {
    const paid = Number(info.discount_percentage ?? 100);
    return `${Number((paid / 10).toFixed(2))}折`;
  }
  return `¥${info.discount_amount ?? '0.00'}`;
}

/** 满30减3元 / 8.8折 满15可用 最高减10元; empty when the amounts are malformed (the face still shows). */
export function envelopeCondition(info: RedPacketCouponInfo): string {
  try {
    return couponLabel(couponFromInfo(info));
  } catch (error) {
    if (error instanceof RangeError) return '';
    throw error;
  }
}
