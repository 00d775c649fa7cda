/**
 * Texts of /VIPSubscribe built from the spec's numbers, so the page cannot drift from what the
 * order service charges (spec §6 "VIP gives a capped discount", §9 factor 0.88, cap 2 yuan).
 */
import { VIP_DISCOUNT_CAP_FEN, VIP_DISCOUNT_FACTOR } from '~/platform/config/constants';
import { fenToYuan, fenToYuanShort } from '~/platform/rules/money';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';

/** 0.88 → "8.8折", 0.9 → "9折", 0.85 → "8.5折" (Chinese discounts count tenths of the price). */
export function discountFoldText(factor: number): string {
  // Hundredths as an integer first: 0.88 * 100 is 88.00000000000001.
  const hundredths = Math.round(factor * 100);
  const whole = Math.floor(hundredths / 10);
  const rest = hundredths % 10;
  return `${rest === 0 ? whole : `${whole}.${rest}`}折`;
}

/** spec §9: 租号享8.8折，每单最高优惠2元. */
export function vipBenefitText(factor: number = VIP_DISCOUNT_FACTOR, capFen: number = VIP_DISCOUNT_CAP_FEN): string {
  return `租号享${discountFoldText(factor)}，每单最高优惠${fenToYuanShort(capFen)}元`;
}

/** The user's VIP line; a VIP without a known end date still reads as VIP. */
export function vipStatusText(vipStatus: 0 | 1, expiresAt: string | null): string {
  if (vipStatus !== 1) return '您还不是VIP';
  if (!expiresAt) return '您已是VIP';
  const end = new Date(expiresAt);
  return Number.isNaN(end.getTime()) ? '您已是VIP' : `您已是VIP，有效期至 ${formatShanghaiDateTime(end)}`;
}

/** 每天仅需 price: the plan price over its days, rounded up to the fen ("1.43" for 1000 fen / 7 days). */
export function dailyPriceYuan(priceFen: number, days: number): string {
  if (!Number.isSafeInteger(priceFen) || priceFen < 0) throw new RangeError(`金额无效: ${priceFen}`);
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError(`天数无效: ${days}`);
  // Rounded up so the per-day figure never promises less than the plan costs.
  return fenToYuan(Math.floor((priceFen + days - 1) / days));
}
