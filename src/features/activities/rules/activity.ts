/**
 * Listing activity, spec §3 `activity`: `discount` is a price factor (0.9 = 9折) and
 * `rental_promotion` is 租 rental_hour 送 bonus_hour.
 * - The discounted price is rounded half up to the fen (the discount is what is taken off).
 * - Bonus hours do not stack: renting at least rental_hour hours gives bonus_hour once, however
 *   many multiples are rented (租5送1 gives 1 hour for 5 and for 50 hours). A per-multiple bonus
 *   would hand out 33 free hours on a 168-hour week with 租5送1; a threshold is how 租N送M reads.
 */
import { applyFactorFen } from '~/platform/rules/money';

/** 租 rental_hour 送 bonus_hour. */
export interface RentalPromotion {
  rental_hour: number;
  bonus_hour: number;
}

/**
 * spec §3 activity, as a listing carries it. Declared here, not imported, because rules import
 * nothing app-specific; the wire contract (src/features/catalog/contract/catalog.ts) re-exports this shape.
 */
export interface ListingActivity {
  /** Price factor, e.g. 0.9 (9 折); null when none. */
  discount: number | null;
  /** 租 rental_hour 送 bonus_hour; null when none. */
  rental_promotion: RentalPromotion | null;
}

/** A factor in (0, 1]; anything else would raise the price or make it free. */
export function isValidDiscountFactor(factor: number): boolean {
  return Number.isFinite(factor) && factor > 0 && factor <= 1;
}

/** The price after the activity factor, half up to the fen; `null` factor leaves it unchanged. */
export function applyActivityDiscount(amountFen: number, factor: number | null): number {
  if (factor === null) return amountFen;
  if (!isValidDiscountFactor(factor)) throw new RangeError(`活动折扣无效: ${factor}`);
  return applyFactorFen(amountFen, factor);
}

/** Fen taken off by the activity factor (amount − discounted price). */
export function activityDiscountFen(amountFen: number, factor: number | null): number {
  return amountFen - applyActivityDiscount(amountFen, factor);
}

/** '9折', '8.5折' for a factor; null when there is none. */
export function activityDiscountLabel(factor: number | null): string | null {
  if (factor === null || !isValidDiscountFactor(factor) || factor === 1) return null;
  return `${Number((factor * 10).toFixed(2))}折`;
}

/**
 * The hourly price a card or the detail page shows: discounted by the activity factor when it is a
 * real discount (an invalid factor shows the list price rather than failing the page).
 */
export function shownHourlyFen(rentalFen: number, factor: number | null): number {
  return activityDiscountLabel(factor) === null ? rentalFen : applyActivityDiscount(rentalFen, factor);
}

/** Bonus hours for renting `rentedHours`: bonus_hour once when rentedHours ≥ rental_hour, else 0. */
export function bonusHours(promo: RentalPromotion | null, rentedHours: number): number {
  if (!promo || !(promo.rental_hour > 0) || !(promo.bonus_hour > 0)) return 0;
  return rentedHours >= promo.rental_hour ? promo.bonus_hour : 0;
}

/** '租5送1'; null when there is no promotion. */
export function promotionLabel(promo: RentalPromotion | null): string | null {
  if (!promo || !(promo.rental_hour > 0) || !(promo.bonus_hour > 0)) return null;
  return `租${promo.rental_hour}送${promo.bonus_hour}`;
}
