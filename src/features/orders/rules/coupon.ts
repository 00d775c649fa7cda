/**
 * Red envelopes (coupons), spec §3 couponsInfo and §9 "best coupon has the largest discount".
 * - type 1 is a percentage coupon, any other type a fixed amount.
 * - discount_percentage is the share of the price PAID, as coupons are labelled in China:
 *   90 is 9折, i.e. 10% off (not 90% off). Valid values are 1-99; anything else gives nothing.
 * - max_discount_amount caps a percentage coupon; null or 0 means no cap.
 * - min_order_amount is compared with the amount the coupon applies to (after the activity and
 *   VIP discounts, see quote.ts); below it the coupon gives 0.
 * - A discount never exceeds the amount (the rental part can become 0, never negative).
 * - Percentage discounts are rounded like every factor here: price half up to the fen.
 */
import { COUPON_TYPE_PERCENTAGE } from '~/platform/config/constants';
import { applyFactorFen, fenToYuanShort, yuanToFen } from '~/platform/rules/money';

/** A usable red envelope in fen (spec couponsInfo with units in the names). */
export interface Coupon {
  id: number;
  /** 1 = percentage, otherwise fixed. */
  type: number;
  min_order_amount_fen: number;
  /** Share paid, 90 = 9折 (percentage coupons). */
  discount_percentage: number | null;
  /** Cap of a percentage coupon; null or 0 = no cap. */
  max_discount_amount_fen: number | null;
  /** Amount off (fixed coupons). */
  discount_amount_fen: number | null;
}

/** couponsInfo as the red-packet API sends it: yuan amounts as strings or numbers. */
export interface CouponInfo {
  id: number;
  type: number;
  min_order_amount: string | number | null;
  discount_percentage: string | number | null;
  max_discount_amount: string | number | null;
  discount_amount: string | number | null;
}

const optionalFen = (yuan: string | number | null): number | null =>
  yuan === null || yuan === '' ? null : yuanToFen(yuan);

/** couponsInfo (yuan) → Coupon (fen). Throws a RangeError on malformed money. */
export function couponFromInfo(info: CouponInfo): Coupon {
  return {
    id: info.id,
    type: info.type,
    min_order_amount_fen: optionalFen(info.min_order_amount) ?? 0,
    discount_percentage: info.discount_percentage === null || info.discount_percentage === '' ? null : Number(info.discount_percentage),
    max_discount_amount_fen: optionalFen(info.max_discount_amount),
    discount_amount_fen: optionalFen(info.discount_amount),
  };
}

export function isPercentageCoupon(coupon: Pick<Coupon, 'type'>): boolean {
  return coupon.type === COUPON_TYPE_PERCENTAGE;
}

/** Fen off `amountFen` with this coupon: 0 below min_order_amount, never more than the amount. */
export function couponDiscountFen(coupon: Coupon, amountFen: number): number {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return 0;
  if (amountFen < coupon.min_order_amount_fen) return 0;
  let discount: number;
  if (isPercentageCoupon(coupon)) {
    const paid = coupon.discount_percentage;
    if (paid === null || !Number.isFinite(paid) || paid <= 0 || paid >= 100) return 0;
    discount = amountFen - applyFactorFen(amountFen, paid / 100);
    const cap = coupon.max_discount_amount_fen;
    if (cap !== null && cap > 0) discount = Math.min(discount, cap);
  } else {
    discount = coupon.discount_amount_fen ?? 0;
  }
  return Math.max(0, Math.min(discount, amountFen));
}

export interface BestCoupon {
  coupon: Coupon;
  discountFen: number;
}

/** §9: the coupon with the largest discount on `amountFen` (ties: the first); null when none gives any. */
export function bestCoupon(coupons: readonly Coupon[], amountFen: number): BestCoupon | null {
  let best: BestCoupon | null = null;
  for (const coupon of coupons) {
    const discountFen = couponDiscountFen(coupon, amountFen);
    if (discountFen > 0 && (best === null || discountFen > best.discountFen)) best = { coupon, discountFen };
  }
  return best;
}

/** '9折 满50可用 最高减5元', '满30减3元', '无门槛减2元'. */
export function couponLabel(coupon: Coupon): string {
  const threshold = coupon.min_order_amount_fen > 0 ? `满${fenToYuanShort(coupon.min_order_amount_fen)}` : '无门槛';
  if (isPercentageCoupon(coupon)) {
    const rate = `${Number(((coupon.discount_percentage ?? 100) / 10).toFixed(2))}折`;
    const cap = coupon.max_discount_amount_fen ? ` 最高减${fenToYuanShort(coupon.max_discount_amount_fen)}元` : '';
    return `${rate} ${threshold}可用${cap}`;
  }
  return `${threshold}减${fenToYuanShort(coupon.discount_amount_fen ?? 0)}元`;
}
