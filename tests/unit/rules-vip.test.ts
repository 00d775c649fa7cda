import { describe, expect, it } from 'vitest';
import { isVipDiscountUsable, vipDiscountFen } from '~/features/wallet/rules/vip';

describe('VIP discount (spec §9: factor 0.88, discount capped at 2 yuan)', () => {
  it.each([
    [0, 0],
    [1, 0], // 0.88 → 1
    [5, 1], // 4.4 → 4
    [100, 12],
    [1000, 120],
    [1250, 150],
    [1666, 200], // 12% is 199.92 → price 1466.08 → 1466, 200 off
    [1667, 200], // 200.04 → capped
    [1700, 200], // 204 → capped at 200
    [10_000, 200],
    [1_000_000, 200],
  ])('%i fen gets %i fen off', (amount, off) => {
    expect(vipDiscountFen(amount)).toBe(off);
  });

  it('the cap is reached between 16.58 and 16.63 yuan', () => {
    expect(vipDiscountFen(1658)).toBe(199); // 198.96 → 199
    expect(vipDiscountFen(1663)).toBe(200); // 199.56 → 200
  });

  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])('VIP %s on a listing with is_use_vip_discount %s: usable %s', (isVip, allowed, usable) => {
    expect(isVipDiscountUsable(isVip, allowed)).toBe(usable);
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => vipDiscountFen(-1)).toThrow(RangeError);
    expect(() => vipDiscountFen(1.5)).toThrow(RangeError);
  });
});
