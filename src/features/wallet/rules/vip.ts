/**
 * VIP discount, spec §6 and §9: factor 0.88, the discount capped at 2 yuan (VIP_DISCOUNT_CAP_FEN),
 * only for a VIP user (wallet vip_status) on a listing with is_use_vip_discount.
 * The discounted price is rounded half up to the fen, as for the activity factor.
 */
import { VIP_DISCOUNT_CAP_FEN, VIP_DISCOUNT_FACTOR } from '~/platform/config/constants';
import { applyFactorFen } from '~/platform/rules/money';

/** Whether the VIP factor applies: the user is VIP and the listing allows it. */
export function isVipDiscountUsable(isVip: boolean, isUseVipDiscount: boolean): boolean {
  return isVip && isUseVipDiscount;
}

/** Fen off `amountFen` for a VIP: amount − round(amount × 0.88), at most 200 fen. */
export function vipDiscountFen(amountFen: number): number {
  if (!Number.isSafeInteger(amountFen) || amountFen < 0) throw new RangeError(`金额无效: ${amountFen}`);
  return Math.min(amountFen - applyFactorFen(amountFen, VIP_DISCOUNT_FACTOR), VIP_DISCOUNT_CAP_FEN);
}
