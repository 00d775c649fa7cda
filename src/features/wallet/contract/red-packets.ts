/**
 * The wire contract of red envelopes (spec §3 couponsInfo, §7 "GET my red packets"): the shapes
 * GET account/redPackets answers, read by the store that loads them and the service that builds them.
 */
import { RED_PACKET_STATUS } from '~/platform/config/constants';
import type { CouponInfo } from '~/features/orders/rules/coupon';
import type { Page } from '~/platform/wire/common';

export type RedPacketStatus = (typeof RED_PACKET_STATUS)[keyof typeof RED_PACKET_STATUS];

/** spec §3 couponsInfo as GET account/redPackets sends it: amounts are yuan strings ("3.00"). */
export interface RedPacketCouponInfo extends CouponInfo {
  min_order_amount: string;
  /** Share paid, 90 = 9折 (percentage envelopes); null for fixed ones. */
  discount_percentage: number | null;
  max_discount_amount: string | null;
  discount_amount: string | null;
}

/** One envelope of GET account/redPackets (the browser's view; the server builds it in red-packets service). */
export interface RedPacket {
  id: number;
  name: string;
  /** 1 unused, 2 used, 3 expired (unused past expires_at). */
  status: RedPacketStatus;
  /** ISO 8601. */
  received_at: string;
  /** ISO 8601. */
  expires_at: string;
  couponsInfo: RedPacketCouponInfo;
}

/** GET account/redPackets `data`. */
export type RedPacketPage = Page<RedPacket>;
