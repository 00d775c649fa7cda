/**
 * Free-rental coupons (免费租号券; spec §1 "use free-rental coupons", §7 free "coupons"; the spec
 * shows neither payloads nor rules, ours are in docs/decisions.md "Free-rental coupons").
 *
 * A coupon is a red_packets row of type 3 that pays `hours` of free play on a listing with a
 * running free offer. Pure rules: what a coupon the renter names is worth at `now`, how long the
 * rental it pays lasts, and which way of paying the free checkout offers first.
 */
import { COUPON_TYPE_FREE_RENTAL, RED_PACKET_STATUS } from '~/platform/config/constants';

/** Why a coupon cannot pay a free rental: not the caller's (or no such coupon), already used, expired. */
export type FreeCouponRefusal = 'missing' | 'used' | 'expired';

/** What the rule reads of a stored coupon (a red_packets row). */
export interface FreeCouponState {
  userId: number;
  type: number;
  status: number;
  expiresAt: Date;
}

/**
 * Whether `coupon` can pay a free rental of `userId` at `now`. Someone else's coupon reads as
 * missing, so nobody learns which coupon ids exist; used is told before expired (a used coupon
 * that has since expired was still used). The end is exclusive: at expires_at the coupon is gone.
 */
export function freeCouponRefusal(coupon: FreeCouponState | null, userId: number, now: Date): FreeCouponRefusal | null {
  if (coupon === null || coupon.userId !== userId || coupon.type !== COUPON_TYPE_FREE_RENTAL) return 'missing';
  if (coupon.status === RED_PACKET_STATUS.used) return 'used';
  if (coupon.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/**
 * Hours a coupon rental lasts: the coupon's hours, but never more than the owner offers for free
 * (the offer's free_hours): the owner agreed to that much free play per rental, not to the coupon.
 */
export function couponRentalHours(couponHours: number, offerFreeHours: number): number {
  return Math.max(1, Math.min(couponHours, offerFreeHours));
}

/** How a free rental is paid: the day's allowance, or one coupon. */
export type FreePayment = { kind: 'daily' } | { kind: 'coupon'; couponId: number };

/**
 * What the free checkout offers first: the day's allowance while some is left (coupons keep for
 * later; they expire later than today), else the coupon that expires first; null when neither is
 * left. The renter may still pick another of their coupons.
 */
export function defaultFreePayment(remainingToday: number, couponsSoonestFirst: readonly { id: number }[]): FreePayment | null {
  if (remainingToday > 0) return { kind: 'daily' };
  const first = couponsSoonestFirst[0];
  return first ? { kind: 'coupon', couponId: first.id } : null;
}

/** 免费玩1小时: the coupon's face, as the renter's pages show it. */
export function freeCouponFace(hours: number): string {
  return `免费玩${hours}小时`;
}
