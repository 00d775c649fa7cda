/**
 * The price and times of one rental, spec §3 (listing fields), §4 (slots, reserved rental) and §9
 * (multiples, slot lengths, VIP, best coupon). The server quotes with it as the authority; the
 * rental picker island shows the same figures. Order (docs/rules-decisions.md):
 *
 *   base = hourly rate × hours of the option
 *   − activity discount (factor on base, price half up to the fen)
 *   − VIP discount (0.88 on what is left, at most 2 yuan; VIP user and is_use_vip_discount only)
 *   − best coupon on what is left (min_order_amount checked against that amount)
 *   = payFen;  totalFen = payFen + deposit (the deposit is never discounted)
 *
 * Times: hourly, ten-hour, daily and weekly start now and last their hours plus the
 * rental_promotion bonus; a slot runs in its §4 window and gets no bonus (its end is fixed by the
 * clock table). Reserved (`reserved: true`): the start is now + 30 min (§4) and the duration is
 * the §4 duration of the rental id (hourly: per hour rented). A reserved slot (rental id 3) starts
 * when that slot opens for a booking at now + 30 min (at once when it is already open) and lasts
 * the 5 hours §4 gives rental id 3, priced at those 5 hours whichever slot it is: the 7 and 9 hour
 * prices of the afternoon and evening pay for windows a reservation does not get
 * (docs/decisions.md "Reserved slot").
 * Refusals are RangeErrors with a Chinese message: an option the listing does not offer, hourly
 * hours that are not a whole number or below min_rental_period.
 */
import { MS_PER_HOUR } from '~/platform/config/constants';
import { applyActivityDiscount, bonusHours as promotionBonusHours, type ListingActivity } from '~/features/activities/rules/activity';
import { bestCoupon, type Coupon } from '~/features/orders/rules/coupon';
import { isOptionOffered, isRentalOption, optionPriceFen, rentalOptionDef, type RentalId, type RentalOption, type RentalPeriodFlags } from '~/features/orders/rules/periods';
import { reservedDurationHours, reservedStart } from '~/features/orders/rules/reservation';
import { slotWindow } from '~/features/orders/rules/slots';
import { isVipDiscountUsable, vipDiscountFen as vipDiscountOn } from '~/features/wallet/rules/vip';

/** What the quote needs of a listing (ListingCard / ListingDetail fields). */
export interface QuoteListing {
  rental_fen: number;
  deposit_fen: number;
  is_use_vip_discount: boolean;
  activity: ListingActivity;
  rental_period: RentalPeriodFlags;
  /** Minimum hours of an hourly rental. */
  min_rental_period: number;
}

export interface QuoteInput {
  listing: QuoteListing;
  option: RentalOption;
  /** Hours of an hourly rental (whole hours); defaults to the listing's minimum. Ignored otherwise. */
  hours?: number;
  now: Date;
  isVip: boolean;
  /** The user's usable red envelopes; the best one is applied. */
  coupons: readonly Coupon[];
  /** A reserved rental (listing state 'appoint'): starts at now + 30 min. */
  reserved?: boolean;
}

export interface RentalQuote {
  option: RentalOption;
  rentalId: RentalId;
  reserved: boolean;
  startsAt: Date;
  /** Includes the bonus hours. */
  endsAt: Date;
  /** Hours paid for (the slot length for a slot, even when its window is already open). */
  hours: number;
  bonusHours: number;
  /** endsAt − startsAt in hours: what the renter gets to play. */
  durationHours: number;
  baseFen: number;
  activityDiscountFen: number;
  vipDiscountFen: number;
  coupon: Coupon | null;
  couponDiscountFen: number;
  /** What the rental costs after every discount. */
  payFen: number;
  depositFen: number;
  /** payFen + depositFen. */
  totalFen: number;
}

/** Hours of an hourly rental: the request, else the listing's minimum (at least 1). */
function hourlyHours(listing: QuoteListing, requested: number | undefined): number {
  const minimum = Math.max(1, Math.ceil(listing.min_rental_period));
  const hours = requested ?? minimum;
  if (!Number.isInteger(hours) || hours < 1) {
    throw new RangeError(`租赁时长必须是整数小时`, { cause: { hours } });
  }
  if (hours < listing.min_rental_period) {
    throw new RangeError(`该账号最少租${listing.min_rental_period}小时`, { cause: { hours, min_rental_period: listing.min_rental_period } });
  }
  return hours;
}

export function quoteRental(input: QuoteInput): RentalQuote {
  const { listing, option, now, isVip, coupons } = input;
  const reserved = input.reserved === true;
  if (!isRentalOption(option)) throw new RangeError(`未知的租赁方式`, { cause: { option } });
  const def = rentalOptionDef(option);
  if (!isOptionOffered(listing.rental_period, option)) {
    throw new RangeError(`该账号不支持${def.label}`, { cause: { option } });
  }
  if (!Number.isSafeInteger(listing.deposit_fen) || listing.deposit_fen < 0) {
    throw new RangeError(`押金无效`, { cause: { deposit_fen: listing.deposit_fen } });
  }

  const reservedSlot = reserved && def.slot !== null;
  const hours = option === 'hourly' ? hourlyHours(listing, input.hours) : reservedSlot ? reservedDurationHours(def.rentalId) : def.hours;

  let startsAt: Date;
  let endsAt: Date;
  let bonus = 0;
  if (def.slot) {
    // spec §4: a slot runs in its window; a slot not yet open starts at its opening time
    const window = slotWindow(def.slot, reserved ? reservedStart(now) : now);
    startsAt = window.start;
    endsAt = reserved ? new Date(startsAt.getTime() + hours * MS_PER_HOUR) : window.end;
  } else {
    bonus = promotionBonusHours(listing.activity.rental_promotion, hours);
    startsAt = reserved ? reservedStart(now) : now;
    // spec §4 reserved durations by rental id equal the §9 hours of each option (1, 24, 10, 168)
    const paidHours = reserved ? reservedDurationHours(def.rentalId) * (option === 'hourly' ? hours : 1) : hours;
    endsAt = new Date(startsAt.getTime() + (paidHours + bonus) * MS_PER_HOUR);
  }

  // a reserved slot is priced by the hour for its 5 hours, not at its slot's length
  const baseFen = reservedSlot ? optionPriceFen(listing.rental_fen, 'hourly', hours) : optionPriceFen(listing.rental_fen, option, hours);
  const afterActivity = applyActivityDiscount(baseFen, listing.activity.discount);
  const vipDiscountFen = isVipDiscountUsable(isVip, listing.is_use_vip_discount) ? vipDiscountOn(afterActivity) : 0;
  const afterVip = afterActivity - vipDiscountFen;
  const best = bestCoupon(coupons, afterVip);
  const couponDiscountFen = best?.discountFen ?? 0;
  const payFen = afterVip - couponDiscountFen;

  return {
    option,
    rentalId: def.rentalId,
    reserved,
    startsAt,
    endsAt,
    hours,
    bonusHours: bonus,
    durationHours: (endsAt.getTime() - startsAt.getTime()) / MS_PER_HOUR,
    baseFen,
    activityDiscountFen: baseFen - afterActivity,
    vipDiscountFen,
    coupon: best?.coupon ?? null,
    couponDiscountFen,
    payFen,
    depositFen: listing.deposit_fen,
    totalFen: payFen + listing.deposit_fen,
  };
}
