/**
 * spec §4 "Early-cancel refund: By hours before start: up to 2 h 50%; up to 3 h 30%; up to 5 h
 * 10%; beyond 0%", read on its own axis (docs/decisions.md "Early-cancel refund"): the fee the
 * owner keeps for a late cancel of a booked rental. After the start the owner keeps every hour
 * begun and at least the 50 % of the last step. Deposit and unused hafu-coin prepay always come
 * back in full. Fen, rounded half up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelRefund, cancelSchedule, refundPercent, rentBackFen } from '~/features/orders/rules/refund';

const HOUR = 3_600_000;
const START = new Date('2026-03-01T12:00:00+08:00');
const at = (hoursFromStart: number): Date => new Date(START.getTime() + hoursFromStart * HOUR);
/** A 10-hour rental of ¥100. */
const TEN_HOURS = { payFen: 10_000, startsAt: START, endsAt: at(10) };

describe('before the start: the §4 table, as a fee kept by the owner', () => {
  it.each([
    ['1 day before', -24, 10_000],
    ['5 h + 1 ms before', -5 - 1 / HOUR, 10_000],
    ['exactly 5 h before ("up to 5 h": 10 %)', -5, 9_000],
    ['4 h before', -4, 9_000],
    ['3 h + 1 ms before', -3 - 1 / HOUR, 9_000],
    ['exactly 3 h before ("up to 3 h": 30 %)', -3, 7_000],
    ['2.5 h before', -2.5, 7_000],
    ['exactly 2 h before ("up to 2 h": 50 %)', -2, 5_000],
    ['30 min before (a reservation at once)', -0.5, 5_000],
    ['1 ms before', -1 / HOUR, 5_000],
  ])('%s: %i fen back', (_name, hours, fen) => {
    expect(rentBackFen(TEN_HOURS, at(hours))).toBe(fen);
  });
});

describe('after the start: the hours not begun, at most what the last step before the start gives', () => {
  it.each([
    // a 10-hour rental of 10,000 fen
    ['at the start (1st hour begun): 9 unused, capped at 50 %', TEN_HOURS, 0, 5_000],
    ['4.9 h in (5 begun): 5 unused = 50 %', TEN_HOURS, 4.9, 5_000],
    ['5 h in (6 begun): 4 unused', TEN_HOURS, 5, 4_000],
    ['8.5 h in (9 begun): 1 unused', TEN_HOURS, 8.5, 1_000],
    ['9 h in (the last hour begun)', TEN_HOURS, 9, 0],
    ['at the end', TEN_HOURS, 10, 0],
    // a 1-hour rental: its only hour is begun at the start
    ['a 1-hour rental at its start', { ...TEN_HOURS, endsAt: at(1) }, 0, 0],
    // a part hour counts as a whole hour (a morning slot booked at 08:00 runs 4 h but is 5 h of rent)
    ['a 3.5-hour stretch, 1 h in: 2 of 4 unused', { payFen: 1_000, startsAt: START, endsAt: at(3.5) }, 1, 500],
    ['a 3-hour rental of 1,000 fen, 1 h in: 1 of 3 unused, 333.3 → 333', { payFen: 1_000, startsAt: START, endsAt: at(3) }, 1, 333],
    ['a 3-hour rental of 1,001 fen at the start: capped at 1,001 − 501 kept', { payFen: 1_001, startsAt: START, endsAt: at(3) }, 0, 500],
  ])('%s: %i fen back', (_name, rental, hours, fen) => {
    expect(rentBackFen(rental, at(hours))).toBe(fen);
  });

  it('cancelling never returns more later than earlier', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 400 }),
        fc.double({ min: -30, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (payFen, durationHours, fromHours, laterBy) => {
          const rental = { payFen, startsAt: START, endsAt: at(durationHours) };
          const earlier = rentBackFen(rental, at(fromHours));
          const later = rentBackFen(rental, at(fromHours + laterBy));
          expect(later).toBeLessThanOrEqual(earlier);
          expect(earlier).toBeGreaterThanOrEqual(0);
          expect(earlier).toBeLessThanOrEqual(payFen);
        },
      ),
    );
  });
});

describe('cancelRefund amounts in fen', () => {
  const order = (payFen: number, depositFen = 0, unusedGameMoneyFen = 0) => ({ ...TEN_HOURS, payFen, depositFen, unusedGameMoneyFen });

  it.each([
    // payFen, hours from the start, percent, refundFen
    [999, -1, 50, 499], // the 50 % fee of 999 is 499.5 → 500 kept
    [1, -1, 0, 0], // the fee of 1 fen is 0.5 → 1 kept
    [998, -1, 50, 499],
    [999, -2.5, 70, 699], // 30 % fee 299.7 → 300 kept
    [1_005, -4, 90, 904], // 10 % fee 100.5 → 101 kept
    [999, -6, 100, 999],
    [999, 6, 30, 300], // 7 of 10 begun: 299.7 → 300 back
    [0, -1, 0, 0],
  ])('%i fen cancelled at %s h from the start: %i%% = %i fen', (payFen, hours, percent, refundFen) => {
    expect(cancelRefund(order(payFen), at(hours))).toEqual({ percent, refundFen, depositFen: 0, gameMoneyFen: 0, totalFen: refundFen });
  });

  it('the deposit and the unused hafu prepay come back in full on top of the refund', () => {
    expect(cancelRefund(order(2_000, 5_000, 1_234), at(1))).toEqual({ percent: 50, refundFen: 1_000, depositFen: 5_000, gameMoneyFen: 1_234, totalFen: 7_234 });
  });

  it('with the last hour begun only the deposit and the unused prepay come back', () => {
    expect(cancelRefund(order(2_000, 3_000, 700), at(9.5))).toEqual({ percent: 0, refundFen: 0, depositFen: 3_000, gameMoneyFen: 700, totalFen: 3_700 });
  });

  it.each([
    // payFen, already refunded by a complaint decision, hours from the start, refundFen
    [2_000, 300, 1, 1_000], // 50 % of 2000 fits in the 1700 left
    [2_000, 1_500, 1, 500], // capped: only 500 of the rent is left to give back
    [2_000, 2_000, -6, 0], // everything already given back
    [2_000, 0, -6, 2_000],
  ])('%i fen with %i already refunded (issue 15), cancelled at %s h from the start: %i fen more', (payFen, refundedFen, hours, refundFen) => {
    const result = cancelRefund({ ...order(payFen, 800), refundedFen }, at(hours));
    expect(result.refundFen).toBe(refundFen);
    expect(result.totalFen).toBe(refundFen + 800);
    expect(refundedFen + result.refundFen).toBeLessThanOrEqual(payFen);
  });
});

describe('the percent shown beside the amount', () => {
  it.each([
    [10_000, 10_000, 100],
    [10_000, 9_995, 99], // 99.95 % is not all of it
    [10_000, 4, 1], // 0.04 % is not nothing
    [10_000, 0, 0],
    [0, 0, 0],
    [999, 499, 50],
  ])('%i fen paid, %i back: %i%%', (payFen, refundFen, percent) => {
    expect(refundPercent(payFen, refundFen)).toBe(percent);
  });
});

describe('the cancellation schedule shown before paying', () => {
  const brief = (steps: ReturnType<typeof cancelSchedule>) => steps.map((s) => [(s.from.getTime() - START.getTime()) / HOUR, (s.until.getTime() - START.getTime()) / HOUR, s.refundFen, s.beforeStart]);

  it('a slot booked 8 h ahead: every §4 step, then the hours', () => {
    expect(brief(cancelSchedule({ payFen: 5_000, startsAt: START, endsAt: at(5) }, at(-8)))).toEqual([
      [-8, -5, 5_000, true],
      [-5, -3, 4_500, true],
      [-3, -2, 3_500, true],
      [-2, 0, 2_500, true],
      [0, 2, 2_500, false], // 1 or 2 hours begun: 4/5 and 3/5 unused, both capped at 50 %
      [2, 3, 2_000, false], // 3 begun: 2/5
      [3, 4, 1_000, false],
      [4, 5, 0, false],
    ]);
  });

  it('agrees with rentBackFen at every stretch start and just before its end', () => {
    const rental = { payFen: 12_345, startsAt: START, endsAt: at(24) };
    const now = at(-7.25);
    const steps = cancelSchedule(rental, now);
    expect(steps[0]!.from).toEqual(now);
    expect(steps.at(-1)!.until).toEqual(rental.endsAt);
    for (const [i, step] of steps.entries()) {
      expect(rentBackFen(rental, step.from)).toBe(step.refundFen);
      expect(rentBackFen(rental, new Date(step.until.getTime() - 1))).toBe(step.refundFen);
      if (i > 0) expect(step.from).toEqual(steps[i - 1]!.until);
    }
  });

  it('a rental starting now has no before-start stretch', () => {
    const steps = cancelSchedule(TEN_HOURS, START);
    expect(steps.every((step) => !step.beforeStart)).toBe(true);
    expect(steps[0]).toMatchObject({ refundFen: 5_000 });
  });
});
