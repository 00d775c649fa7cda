import { describe, expect, it } from 'vitest';
import { bestCoupon, couponDiscountFen, couponFromInfo, couponLabel, type Coupon } from '~/features/orders/rules/coupon';

/** 满50减5: fixed 5 yuan off orders of at least 50 yuan. */
const FIVE_OFF_FIFTY: Coupon = {
  id: 1, type: 2, min_order_amount_fen: 5000, discount_percentage: null, max_discount_amount_fen: null, discount_amount_fen: 500,
};
/** 无门槛减2: fixed 2 yuan off anything. */
const TWO_OFF: Coupon = {
  id: 2, type: 2, min_order_amount_fen: 0, discount_percentage: null, max_discount_amount_fen: null, discount_amount_fen: 200,
};
/** 9折 满20可用 最高减8: pay 90%, at most 8 yuan off, orders of at least 20 yuan. */
const NINETY_PERCENT_CAP_8: Coupon = {
  id: 3, type: 1, min_order_amount_fen: 2000, discount_percentage: 90, max_discount_amount_fen: 800, discount_amount_fen: null,
};
/** 8折 无门槛, no cap. */
const EIGHTY_PERCENT: Coupon = {
  id: 4, type: 1, min_order_amount_fen: 0, discount_percentage: 80, max_discount_amount_fen: null, discount_amount_fen: null,
};

describe('coupon discount (spec §3 couponsInfo: type 1 percentage, otherwise fixed; min_order_amount)', () => {
  it.each<[string, number, number, Coupon]>([
    ['满50减5 on 49.99 yuan', 4999, 0, FIVE_OFF_FIFTY],
    ['满50减5 on 50 yuan', 5000, 500, FIVE_OFF_FIFTY],
    ['满50减5 on 120 yuan', 12_000, 500, FIVE_OFF_FIFTY],
    ['无门槛减2 on 1.50 yuan (never more than the amount)', 150, 150, TWO_OFF],
    ['无门槛减2 on 0 yuan', 0, 0, TWO_OFF],
    ['9折 on 19.99 yuan (below 满20)', 1999, 0, NINETY_PERCENT_CAP_8],
    ['9折 on 20 yuan (90 means pay 90%, 10% off)', 2000, 200, NINETY_PERCENT_CAP_8],
    ['9折 on 33.35 yuan (price 30.015 → 30.02)', 3335, 333, NINETY_PERCENT_CAP_8],
    ['9折 on 80 yuan', 8000, 800, NINETY_PERCENT_CAP_8],
    ['9折 on 100 yuan (capped at 8 yuan)', 10_000, 800, NINETY_PERCENT_CAP_8],
    ['8折 without cap on 100 yuan', 10_000, 2000, EIGHTY_PERCENT],
  ])('%s: %i fen → %i fen off', (_name, amount, off, coupon) => {
    expect(couponDiscountFen(coupon, amount)).toBe(off);
  });

  it('a max_discount_amount of 0 means no cap', () => {
    expect(couponDiscountFen({ ...EIGHTY_PERCENT, max_discount_amount_fen: 0 }, 10_000)).toBe(2000);
  });

  it.each([null, 0, 100, 120, -5, Number.NaN])('a percentage coupon with discount_percentage %s gives nothing', (percentage) => {
    expect(couponDiscountFen({ ...EIGHTY_PERCENT, discount_percentage: percentage }, 10_000)).toBe(0);
  });

  it('a fixed coupon without an amount gives nothing', () => {
    expect(couponDiscountFen({ ...TWO_OFF, discount_amount_fen: null }, 10_000)).toBe(0);
  });

  it('any type other than 1 is a fixed coupon', () => {
    expect(couponDiscountFen({ ...TWO_OFF, type: 0 }, 1000)).toBe(200);
    expect(couponDiscountFen({ ...TWO_OFF, type: 7, discount_percentage: 50 }, 1000)).toBe(200);
  });
});

describe('best coupon (spec §9: the largest discount; ties go to the first)', () => {
  it.each<[string, number, number | null, number]>([
    ['at 10 yuan only 无门槛减2 and 8折 apply; 8折 gives 2 yuan too, 减2 is first', 1000, 2, 200],
    ['at 30 yuan 8折 gives 6 yuan', 3000, 4, 600],
    ['at 60 yuan 8折 gives 12 yuan', 6000, 4, 1200],
    ['at 0 yuan nothing applies', 0, null, 0],
  ])('%s', (_name, amount, id, off) => {
    const best = bestCoupon([TWO_OFF, FIVE_OFF_FIFTY, NINETY_PERCENT_CAP_8, EIGHTY_PERCENT], amount);
    expect(best?.coupon.id ?? null).toBe(id);
    expect(best?.discountFen ?? 0).toBe(off);
  });

  it('picks the capped percentage coupon when it gives more, the first one on a tie', () => {
    expect(bestCoupon([FIVE_OFF_FIFTY, NINETY_PERCENT_CAP_8], 7000)).toEqual({ coupon: NINETY_PERCENT_CAP_8, discountFen: 700 });
    expect(bestCoupon([FIVE_OFF_FIFTY, NINETY_PERCENT_CAP_8], 5000)).toEqual({ coupon: FIVE_OFF_FIFTY, discountFen: 500 });
  });

  it('ties go to the first coupon in the list', () => {
    const another = { ...TWO_OFF, id: 9 };
    expect(bestCoupon([another, TWO_OFF], 1000)?.coupon.id).toBe(9);
    expect(bestCoupon([TWO_OFF, another], 1000)?.coupon.id).toBe(2);
  });

  it('no coupons, no best coupon', () => {
    expect(bestCoupon([], 1000)).toBeNull();
  });
});

describe('couponsInfo in yuan becomes a Coupon in fen', () => {
  it('reads the API amounts', () => {
    expect(
      couponFromInfo({ id: 3, type: 1, min_order_amount: '20.00', discount_percentage: '90', max_discount_amount: '8.00', discount_amount: null }),
    ).toEqual(NINETY_PERCENT_CAP_8);
    expect(
      couponFromInfo({ id: 1, type: 2, min_order_amount: 50, discount_percentage: null, max_discount_amount: null, discount_amount: '5.00' }),
    ).toEqual(FIVE_OFF_FIFTY);
  });

  it('labels coupons in Chinese', () => {
    expect(couponLabel(FIVE_OFF_FIFTY)).toBe('满50减5元');
    expect(couponLabel(TWO_OFF)).toBe('无门槛减2元');
    expect(couponLabel(NINETY_PERCENT_CAP_8)).toBe('9折 满20可用 最高减8元');
    expect(couponLabel(EIGHTY_PERCENT)).toBe('8折 无门槛可用');
  });
});
