/**
 * spec §4 "Early-cancel refund: up to 2 h 50%; up to 3 h 30%; up to 5 h 10%; beyond 0%", read as
 * hours of the rental already gone when the renter cancels (docs/decisions.md "Early-cancel
 * refund"); cancelled before the start, the whole rental price comes back. Deposit and unused
 * hafu-coin prepay always come back in full. Fen, rounded half up.
 */
import { describe, expect, it } from 'vitest';
import { cancelRefund, earlyCancelRefundPercent } from '~/features/orders/rules/refund';

const HOUR = 3_600_000;
const START = new Date('2026-03-01T12:00:00+08:00');
const at = (msAfterStart: number): Date => new Date(START.getTime() + msAfterStart);

describe('early-cancel refund percent by time since the start (spec §4)', () => {
  it.each([
    ['1 day before the start', -24 * HOUR, 100],
    ['1 ms before the start', -1, 100],
    ['exactly at the start', 0, 50],
    ['1 h in', HOUR, 50],
    ['exactly 2 h in', 2 * HOUR, 50],
    ['2 h + 1 ms in', 2 * HOUR + 1, 30],
    ['2.5 h in', 2.5 * HOUR, 30],
    ['exactly 3 h in', 3 * HOUR, 30],
    ['3 h + 1 ms in', 3 * HOUR + 1, 10],
    ['exactly 5 h in', 5 * HOUR, 10],
    ['5 h + 1 ms in', 5 * HOUR + 1, 0],
    ['24 h in', 24 * HOUR, 0],
  ])('%s: %i%%', (_name, offset, percent) => {
    expect(earlyCancelRefundPercent(START, at(offset))).toBe(percent);
  });
});

describe('cancelRefund amounts in fen', () => {
  const order = (payFen: number, depositFen = 0, unusedGameMoneyFen = 0) => ({ payFen, depositFen, startsAt: START, unusedGameMoneyFen });

  it.each([
    // payFen, ms after start, percent, refundFen
    [999, HOUR, 50, 500], // 499.5 rounds half up
    [1, HOUR, 50, 1], // 0.5 → 1
    [998, HOUR, 50, 499],
    [999, 2.5 * HOUR, 30, 300], // 299.7
    [1005, 4 * HOUR, 10, 101], // 100.5 rounds half up
    [1004, 4 * HOUR, 10, 100], // 100.4
    [999, -1, 100, 999],
    [999, 6 * HOUR, 0, 0],
    [0, HOUR, 50, 0],
  ])('%i fen cancelled %i ms after the start: %i%% = %i fen', (payFen, offset, percent, refundFen) => {
    expect(cancelRefund(order(payFen), at(offset))).toEqual({ percent, refundFen, depositFen: 0, gameMoneyFen: 0, totalFen: refundFen });
  });

  it('the deposit and the unused hafu prepay come back in full on top of the refund', () => {
    expect(cancelRefund(order(2_000, 5_000, 1_234), at(HOUR))).toEqual({
      percent: 50,
      refundFen: 1_000,
      depositFen: 5_000,
      gameMoneyFen: 1_234,
      totalFen: 7_234,
    });
  });

  it('beyond 5 h only the deposit and the unused prepay come back', () => {
    expect(cancelRefund(order(2_000, 3_000, 700), at(5 * HOUR + 1))).toEqual({ percent: 0, refundFen: 0, depositFen: 3_000, gameMoneyFen: 700, totalFen: 3_700 });
  });

  it('a reservation cancelled before its start gets everything back', () => {
    expect(cancelRefund(order(1_999, 1_000, 0), at(-30 * 60_000))).toEqual({ percent: 100, refundFen: 1_999, depositFen: 1_000, gameMoneyFen: 0, totalFen: 2_999 });
  });

  it.each([
    // payFen, already refunded by a complaint decision, ms after start, refundFen
    [2_000, 300, HOUR, 1_000], // 50 % of 2000 fits in the 1700 left
    [2_000, 1_500, HOUR, 500], // capped: only 500 of the rent is left to give back
    [2_000, 2_000, -1, 0], // everything already given back
    [2_000, 0, -1, 2_000],
  ])('%i fen with %i already refunded (issue 15), cancelled %i ms after the start: %i fen more', (payFen, refundedFen, offset, refundFen) => {
    const result = cancelRefund({ ...order(payFen, 800), refundedFen }, at(offset));
    expect(result.refundFen).toBe(refundFen);
    expect(result.totalFen).toBe(refundFen + 800);
    expect(refundedFen + result.refundFen).toBeLessThanOrEqual(payFen);
  });
});
