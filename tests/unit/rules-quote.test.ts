import { describe, expect, it } from 'vitest';
import type { Coupon } from '~/features/orders/rules/coupon';
import type { RentalOption } from '~/features/orders/rules/periods';
import { quoteRental, type QuoteInput, type QuoteListing } from '~/features/orders/rules/quote';

const at = (text: string): Date => new Date(`${text.replace(' ', 'T')}:00+08:00`);

/** 2.50 yuan an hour, 50 yuan deposit, VIP discount allowed, 9折 activity, every period, at least 2 hours. */
const LISTING: QuoteListing = {
  rental_fen: 250,
  deposit_fen: 5000,
  is_use_vip_discount: true,
  activity: { discount: 0.9, rental_promotion: null },
  rental_period: {
    daily_rental: true,
    ten_hour_rental: true,
    weekly_rental: true,
    morning_rental: true,
    afternoon_rental: true,
    night_rental: true,
  },
  min_rental_period: 2,
};
/** The same listing with no activity. */
const PLAIN: QuoteListing = { ...LISTING, activity: { discount: null, rental_promotion: null } };
const HOURLY_ONLY: QuoteListing = {
  ...PLAIN,
  rental_period: { daily_rental: false, ten_hour_rental: false, weekly_rental: false, morning_rental: false, afternoon_rental: false, night_rental: false },
};

const TWO_OFF: Coupon = { id: 1, type: 2, min_order_amount_fen: 0, discount_percentage: null, max_discount_amount_fen: null, discount_amount_fen: 200 };
const FIVE_OFF_FIFTY: Coupon = { id: 2, type: 2, min_order_amount_fen: 5000, discount_percentage: null, max_discount_amount_fen: null, discount_amount_fen: 500 };
const NINETY_PERCENT_CAP_8: Coupon = { id: 3, type: 1, min_order_amount_fen: 2000, discount_percentage: 90, max_discount_amount_fen: 800, discount_amount_fen: null };
const WALLET = [TWO_OFF, FIVE_OFF_FIFTY, NINETY_PERCENT_CAP_8];

const NOON = at('2025-03-10 12:00');

const quote = (change: Partial<QuoteInput>) =>
  quoteRental({ listing: LISTING, option: 'hourly', now: NOON, isVip: true, coupons: WALLET, ...change });

describe('price order: base → activity 9折 → VIP 0.88 (max 2 yuan) → best coupon; deposit added, never discounted', () => {
  // option, base, activity off, VIP off, coupon id, coupon off, pay
  it.each<[RentalOption, number, number, number, number, number, number]>([
    ['hourly', 500, 50, 54, 1, 200, 196], // 2 h (the minimum); 396 is below 满20, so 减2
    ['ten_hour', 2500, 250, 200, 3, 205, 1845], // VIP 270 capped at 200; 9折 on 20.50 beats 减2
    ['daily', 6000, 600, 200, 3, 520, 4680], // 9折 on 52 yuan (5.20) beats 满50减5
    ['weekly', 42_000, 4200, 200, 3, 800, 36_800], // 9折 capped at 8 yuan
    ['morning', 1250, 125, 135, 1, 200, 790], // 5 hours
    ['afternoon', 1750, 175, 189, 1, 200, 1186], // 7 hours
    ['evening', 2250, 225, 200, 1, 200, 1625], // 9 hours; 18.25 left is below 满20
  ])('%s: base %i, activity −%i, VIP −%i, coupon %i −%i, pays %i fen', (option, base, activity, vip, couponId, couponOff, pay) => {
    const result = quote({ option });
    expect(result).toMatchObject({
      baseFen: base,
      activityDiscountFen: activity,
      vipDiscountFen: vip,
      couponDiscountFen: couponOff,
      payFen: pay,
      depositFen: 5000,
      totalFen: pay + 5000,
    });
    expect(result.coupon?.id).toBe(couponId);
    expect(base - activity - vip - couponOff).toBe(pay);
  });

  it('no VIP discount for a user who is not VIP', () => {
    expect(quote({ option: 'daily', isVip: false })).toMatchObject({ vipDiscountFen: 0, payFen: 5400 - 540 });
  });

  it('no VIP discount on a listing without is_use_vip_discount', () => {
    expect(quote({ option: 'daily', listing: { ...LISTING, is_use_vip_discount: false } })).toMatchObject({ vipDiscountFen: 0 });
  });

  it('min_order_amount is checked against the price after the VIP discount', () => {
    // 21 yuan, VIP takes 2 → 19 yuan, below the 满20 of the 9折 coupon
    const result = quote({ listing: { ...PLAIN, rental_fen: 2100, min_rental_period: 1 }, hours: 1 });
    expect(result).toMatchObject({ vipDiscountFen: 200, coupon: TWO_OFF, couponDiscountFen: 200, payFen: 1700 });
  });

  it('a coupon larger than the price makes the rental free but the deposit is still due', () => {
    const result = quote({ listing: { ...PLAIN, rental_fen: 50 }, isVip: false, hours: 2 });
    expect(result).toMatchObject({ baseFen: 100, couponDiscountFen: 100, payFen: 0, depositFen: 5000, totalFen: 5000 });
  });

  it('without coupons nothing is taken off after VIP', () => {
    expect(quote({ option: 'daily', coupons: [] })).toMatchObject({ coupon: null, couponDiscountFen: 0, payFen: 5200 });
  });

  it('a listing without deposit totals the price alone', () => {
    expect(quote({ option: 'daily', listing: { ...LISTING, deposit_fen: 0 } })).toMatchObject({ depositFen: 0, totalFen: 4680 });
  });
});

describe('refusals (RangeError with a Chinese message)', () => {
  it('an option the listing does not offer', () => {
    expect(() => quote({ listing: HOURLY_ONLY, option: 'daily' })).toThrow(RangeError);
    expect(() => quote({ listing: HOURLY_ONLY, option: 'daily' })).toThrow('该账号不支持日租');
    expect(() => quote({ listing: HOURLY_ONLY, option: 'evening' })).toThrow('该账号不支持夜场');
  });

  it('hourly hours below min_rental_period', () => {
    expect(() => quote({ hours: 1 })).toThrow('该账号最少租2小时');
  });

  it.each([0, 2.5, -3, Number.NaN])('hourly hours of %s', (hours) => {
    expect(() => quote({ hours })).toThrow(RangeError);
  });

  it('an unknown option', () => {
    expect(() => quote({ option: 'monthly' as RentalOption })).toThrow('未知的租赁方式');
  });
});

describe('times (spec §4 slots, rental_promotion bonus hours)', () => {
  const PROMO = { ...PLAIN, activity: { discount: null, rental_promotion: { rental_hour: 3, bonus_hour: 1 } } };

  it.each<[string, string, string, number, number, number, Partial<QuoteInput>]>([
    ['hourly 3 h at 12:00, 租3送1', '2025-03-10 12:00', '2025-03-10 16:00', 3, 1, 4, { listing: PROMO, hours: 3 }],
    ['hourly 2 h at 12:00, 租3送1 not reached', '2025-03-10 12:00', '2025-03-10 14:00', 2, 0, 2, { listing: PROMO, hours: 2 }],
    ['hourly 6 h, 租3送1 gives 1 h, not 2', '2025-03-10 12:00', '2025-03-10 19:00', 6, 1, 7, { listing: PROMO, hours: 6 }],
    ['ten-hour at 12:00, 租3送1', '2025-03-10 12:00', '2025-03-10 23:00', 10, 1, 11, { listing: PROMO, option: 'ten_hour' }],
    ['daily at 12:00', '2025-03-10 12:00', '2025-03-11 12:00', 24, 0, 24, { option: 'daily' }],
    ['weekly at 12:00', '2025-03-10 12:00', '2025-03-17 12:00', 168, 0, 168, { option: 'weekly' }],
    ['morning at 05:00 starts at its opening time', '2025-03-10 07:00', '2025-03-10 12:00', 5, 0, 5, { option: 'morning', now: at('2025-03-10 05:00') }],
    ['morning at 08:00 runs to 12:00, priced 5 h, no bonus', '2025-03-10 08:00', '2025-03-10 12:00', 5, 0, 4, { listing: PROMO, option: 'morning', now: at('2025-03-10 08:00') }],
    ['evening slot runs 22:00-07:00 when booked at 16:00', '2025-03-10 22:00', '2025-03-11 07:00', 9, 0, 9, { option: 'evening', now: at('2025-03-10 16:00') }],
    ['afternoon at 16:00 is tomorrow’s', '2025-03-11 12:00', '2025-03-11 19:00', 7, 0, 7, { option: 'afternoon', now: at('2025-03-10 16:00') }],
  ])('%s: %s to %s, %i h paid + %i h bonus', (_name, start, end, hours, bonus, duration, change) => {
    const result = quote({ isVip: false, coupons: [], ...change });
    expect(result).toMatchObject({ startsAt: at(start), endsAt: at(end), hours, bonusHours: bonus, durationHours: duration, reserved: false });
  });

  it('the price of a slot is its full length even when its window is already open', () => {
    expect(quote({ listing: PLAIN, option: 'morning', now: at('2025-03-10 08:00'), isVip: false, coupons: [] }).baseFen).toBe(5 * 250);
  });
});

describe('reserved rental (spec §4: start now + 30 min, duration by rental id)', () => {
  it.each<[string, Partial<QuoteInput>, number, string, string]>([
    ['hourly 1 h (rental id 1 → 1 h)', { listing: { ...PLAIN, min_rental_period: 1 }, hours: 1 }, 1, '2025-03-10 12:30', '2025-03-10 13:30'],
    ['hourly 3 h (1 h per hour rented)', { hours: 3 }, 1, '2025-03-10 12:30', '2025-03-10 15:30'],
    ['daily (rental id 6 → 1 day)', { option: 'daily' }, 6, '2025-03-10 12:30', '2025-03-11 12:30'],
    ['ten-hour (rental id 2 → 10 h)', { option: 'ten_hour' }, 2, '2025-03-10 12:30', '2025-03-10 22:30'],
    ['weekly (rental id 7 → 7 days)', { option: 'weekly' }, 7, '2025-03-10 12:30', '2025-03-17 12:30'],
    ['morning at 06:45 (rental id 3 → 5 h)', { option: 'morning', now: at('2025-03-10 06:45') }, 3, '2025-03-10 07:15', '2025-03-10 12:15'],
    ['morning at 02:00 waits for the opening, then 5 h', { option: 'morning', now: at('2025-03-10 02:00') }, 3, '2025-03-10 07:00', '2025-03-10 12:00'],
    ['evening at 21:50: 5 h, not the 9 h window', { option: 'evening', now: at('2025-03-10 21:50') }, 3, '2025-03-10 22:20', '2025-03-11 03:20'],
    ['evening at 16:00 waits for 22:00, then 5 h', { option: 'evening', now: at('2025-03-10 16:00') }, 3, '2025-03-10 22:00', '2025-03-11 03:00'],
    ['afternoon at 15:45: the 16:15 start is past its clock range, so tomorrow, 5 h', { option: 'afternoon', now: at('2025-03-10 15:45') }, 3, '2025-03-11 12:00', '2025-03-11 17:00'],
  ])('%s', (_name, change, rentalId, start, end) => {
    const result = quote({ reserved: true, ...change });
    expect(result).toMatchObject({ reserved: true, rentalId, startsAt: at(start), endsAt: at(end) });
  });

  it.each<[RentalOption, string]>([
    ['morning', '2025-03-10 06:45'],
    ['afternoon', '2025-03-10 12:00'],
    ['evening', '2025-03-10 21:50'],
  ])('a reserved %s slot is 5 paid hours at the hourly rate, whatever the slot’s own price', (option, now) => {
    const result = quote({ listing: PLAIN, option, now: at(now), reserved: true, isVip: false, coupons: [] });
    expect(result).toMatchObject({ hours: 5, durationHours: 5, bonusHours: 0, baseFen: 5 * PLAIN.rental_fen });
  });

  it('a reservation costs what the same rental costs now', () => {
    const now = quote({ option: 'daily' });
    const later = quote({ option: 'daily', reserved: true });
    expect(later.totalFen).toBe(now.totalFen);
  });
});
