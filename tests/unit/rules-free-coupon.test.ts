/**
 * Free-rental coupons (免费租号券; docs/decisions.md "Free-rental coupons"): whether a coupon the
 * renter names can pay a free rental, how long the rental lasts, and which payment the free
 * checkout offers first.
 */
import { describe, expect, it } from 'vitest';
import { COUPON_TYPE_FIXED, COUPON_TYPE_FREE_RENTAL, COUPON_TYPE_PERCENTAGE, RED_PACKET_STATUS } from '~/platform/config/constants';
import { couponRentalHours, defaultFreePayment, freeCouponFace, freeCouponRefusal, type FreeCouponState, type FreePayment, type FreeCouponRefusal } from '~/features/free/rules/free-coupon';

const NOW = new Date('2026-11-29T12:00:00+08:00');
const ME = 7;
const coupon = (overrides: Partial<FreeCouponState> = {}): FreeCouponState => ({
  userId: ME,
  type: COUPON_TYPE_FREE_RENTAL,
  status: RED_PACKET_STATUS.unused,
  expiresAt: new Date(NOW.getTime() + 60_000),
  ...overrides,
});

describe('freeCouponRefusal', () => {
  it.each<[string, FreeCouponState | null, FreeCouponRefusal | null]>([
    ['an unused coupon of mine before its expiry pays', coupon(), null],
    ['a coupon expiring one millisecond after now still pays', coupon({ expiresAt: new Date(NOW.getTime() + 1) }), null],
    ['no such coupon is missing', null, 'missing'],
    ["another user's coupon reads as missing (no coupon id is confirmed to a stranger)", coupon({ userId: ME + 1 }), 'missing'],
    ["another user's used coupon still reads as missing", coupon({ userId: ME + 1, status: RED_PACKET_STATUS.used }), 'missing'],
    ['a fixed-amount envelope is no free-rental coupon', coupon({ type: COUPON_TYPE_FIXED }), 'missing'],
    ['a percentage envelope is no free-rental coupon', coupon({ type: COUPON_TYPE_PERCENTAGE }), 'missing'],
    ['a used coupon is used', coupon({ status: RED_PACKET_STATUS.used }), 'used'],
    ['a used coupon that has since expired is told as used', coupon({ status: RED_PACKET_STATUS.used, expiresAt: new Date(NOW.getTime() - 1) }), 'used'],
    ['a coupon at its expiry instant is expired (the end is exclusive)', coupon({ expiresAt: NOW }), 'expired'],
    ['a coupon past its expiry is expired', coupon({ expiresAt: new Date(NOW.getTime() - 86_400_000) }), 'expired'],
  ])('%s', (_name, state, refusal) => {
    expect(freeCouponRefusal(state, ME, NOW)).toBe(refusal);
  });
});

describe('couponRentalHours: the coupon\'s hours, never more than the offer gives free', () => {
  it.each([
    [1, 1, 1],
    [1, 3, 1],
    [2, 3, 2],
    [3, 3, 3],
    [5, 2, 2],
    [24, 1, 1],
  ])('a %i-hour coupon on a %i-hour offer plays %i hours', (couponHours, offerHours, played) => {
    expect(couponRentalHours(couponHours, offerHours)).toBe(played);
  });
});

describe('defaultFreePayment: the day\'s allowance first, then the coupon expiring first', () => {
  it.each<[string, number, { id: number }[], FreePayment | null]>([
    ['allowance left, no coupon: the allowance', 1, [], { kind: 'daily' }],
    ['allowance left and coupons: the allowance (coupons keep)', 1, [{ id: 4 }, { id: 9 }], { kind: 'daily' }],
    ['allowance used, coupons: the first (soonest to expire)', 0, [{ id: 4 }, { id: 9 }], { kind: 'coupon', couponId: 4 }],
    ['allowance used, no coupon: nothing to pay with', 0, [], null],
    ['a negative remainder counts as used', -1, [{ id: 2 }], { kind: 'coupon', couponId: 2 }],
  ])('%s', (_name, remaining, coupons, payment) => {
    expect(defaultFreePayment(remaining, coupons)).toEqual(payment);
  });
});

it('a coupon\'s face reads 免费玩N小时', () => {
  expect(freeCouponFace(1)).toBe('免费玩1小时');
  expect(freeCouponFace(3)).toBe('免费玩3小时');
});
