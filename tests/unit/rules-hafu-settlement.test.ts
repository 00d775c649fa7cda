import { describe, expect, it } from 'vitest';
import { canAnswer, canReport, hafuDue, hafuSplit, type HafuDue, type HafuState } from '~/features/orders/rules/hafu-settlement';

describe('hafu settlement split: used = start − end clamped, owner = used × 100 / rate half up, capped at what is held', () => {
  // start, end, rate, prepay, refunded → used, owner, renter
  it.each<[number, number, number, number, number, number, number, number]>([
    // nothing used: all back to the renter
    [5_000_000, 5_000_000, 100_000, 5000, 0, 0, 0, 5000],
    // all used: the owner gets exactly the prepay
    [5_000_000, 0, 100_000, 5000, 0, 5_000_000, 5000, 0],
    // half used
    [5_000_000, 2_500_000, 100_000, 5000, 0, 2_500_000, 2500, 2500],
    // more coins at the end than at the start (the renter earned some): nothing used
    [5_000_000, 6_000_000, 100_000, 5000, 0, 0, 0, 5000],
    // half-up rounding: 1 coin at 3 coins per yuan = 33.33 fen → 33; 2 coins = 66.67 → 67
    [10, 9, 3, 333, 0, 1, 33, 300],
    [10, 8, 3, 333, 0, 2, 67, 266],
    // 1.5 fen rounds up to 2
    [1000, 997, 200, 500, 0, 3, 2, 498],
    // all used, prepay rounded up at charge (10 coins / 3 per yuan = 333.33 → 333): owner gets the whole prepay
    [10, 0, 3, 333, 0, 10, 333, 0],
    // a complaint already gave the whole prepay back: nothing left to split
    [5_000_000, 0, 100_000, 5000, 5000, 5_000_000, 0, 0],
    // part given back before: the owner is capped by what is held
    [5_000_000, 0, 100_000, 5000, 1000, 5_000_000, 4000, 0],
    [5_000_000, 4_000_000, 100_000, 5000, 1000, 1_000_000, 1000, 3000],
  ])('start %i, end %i, rate %i, prepay %i, refunded %i → used %i, owner %i, renter %i', (startCoins, endCoins, rate, prepayFen, alreadyRefundedFen, used, owner, renter) => {
    const split = hafuSplit({ startCoins, endCoins, rate, prepayFen, alreadyRefundedFen });
    expect(split).toEqual({ usedCoins: used, ownerFen: owner, renterFen: renter });
    expect(split.ownerFen + split.renterFen).toBe(Math.max(0, prepayFen - alreadyRefundedFen));
  });

  it('refuses negative or fractional counts', () => {
    expect(() => hafuSplit({ startCoins: 10, endCoins: -1, rate: 3, prepayFen: 333, alreadyRefundedFen: 0 })).toThrow(RangeError);
    expect(() => hafuSplit({ startCoins: 10, endCoins: 1.5, rate: 3, prepayFen: 333, alreadyRefundedFen: 0 })).toThrow(RangeError);
  });

  it('the owner never gets more than the prepay and the parts always sum to what is held (every end count, odd rates)', () => {
    for (const rate of [1, 3, 7, 99, 100_000, 333_333]) {
      const startCoins = 1_000_003;
      const prepayFen = Math.floor((startCoins * 200 + rate) / (2 * rate));
      for (let endCoins = 0; endCoins <= startCoins + 10; endCoins += 49_999) {
        const split = hafuSplit({ startCoins, endCoins, rate, prepayFen, alreadyRefundedFen: 0 });
        expect(split.ownerFen).toBeLessThanOrEqual(prepayFen);
        expect(split.ownerFen + split.renterFen).toBe(prepayFen);
      }
    }
  });
});

const END = new Date('2026-11-01T10:00:00Z');
const H = 3_600_000;
const at = (hours: number): Date => new Date(END.getTime() + hours * H);

describe('hafu settlement windows and defaults (report 24 h after the end, answer 24 h after the report)', () => {
  // state, now (hours after the end) → can report, can answer, due
  it.each<[string, HafuState, number, boolean, boolean, HafuDue]>([
    ['ended, nothing reported, inside the window', { stage: 'awaiting_report', endedAt: END, reportedAt: null, renterCoins: null }, 1, true, false, { settle: false }],
    ['ended, nothing reported, last millisecond', { stage: 'awaiting_report', endedAt: END, reportedAt: null, renterCoins: null }, 24 - 1 / H, true, false, { settle: false }],
    ['renter silent: at the deadline every coin counts as used', { stage: 'awaiting_report', endedAt: END, reportedAt: null, renterCoins: null }, 24, false, false, { settle: true, endCoins: 0, decidedBy: 'renter_silent' }],
    ['still running (no end yet): nothing', { stage: 'awaiting_report', endedAt: null, reportedAt: null, renterCoins: null }, 100, false, false, { settle: false }],
    ['reported, the owner inside the window', { stage: 'reported', endedAt: END, reportedAt: at(2), renterCoins: 123 }, 20, false, true, { settle: false }],
    ['reported, owner window ends 24 h after the report, not after the end', { stage: 'reported', endedAt: END, reportedAt: at(2), renterCoins: 123 }, 25, false, true, { settle: false }],
    ['owner silent: the renter\'s count stands', { stage: 'reported', endedAt: END, reportedAt: at(2), renterCoins: 123 }, 26, false, false, { settle: true, endCoins: 123, decidedBy: 'owner_silent' }],
    ['disputed: waits for an operator however long', { stage: 'disputed', endedAt: END, reportedAt: at(2), renterCoins: 123 }, 1000, false, false, { settle: false }],
    ['settled: nothing more', { stage: 'settled', endedAt: END, reportedAt: at(2), renterCoins: 123 }, 1000, false, false, { settle: false }],
  ])('%s', (_name, state, hours, report, answer, due) => {
    expect(canReport(state, at(hours))).toBe(report);
    expect(canAnswer(state, at(hours))).toBe(answer);
    expect(hafuDue(state, at(hours))).toEqual(due);
  });
});
