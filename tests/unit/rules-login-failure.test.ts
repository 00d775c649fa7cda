/**
 * "Cannot log in" in one click (issue 26; docs/decisions.md "Cannot log in in one click"): who may
 * report and when, the owner's compensation, the answer window, the auto take-down and the renter
 * abuse rule, each by a table.
 */
import { describe, expect, it } from 'vitest';
import {
  abuseSince,
  answerDeadline,
  canAnswer,
  compensationFen,
  reachesTakedown,
  reportDeadline,
  reportRefusal,
  reportWithdrawn,
  type ReportInput,
  type ReportRefusal,
} from '~/features/orders/rules/login-failure';

const T0 = new Date('2026-11-29T12:00:00+08:00');
const min = (n: number): Date => new Date(T0.getTime() + n * 60_000);
const day = (n: number): Date => new Date(T0.getTime() - n * 24 * 60 * 60_000);

const OK: ReportInput = { running: true, firstRevealAt: T0, renewed: false, gameMoneyFen: 0, refundableRentFen: 1_000, withdrawn: false, reported: false };

describe('reportRefusal: the table', () => {
  it.each<[string, Partial<ReportInput>, Date, ReportRefusal | null]>([
    ['right after the first reveal: allowed', {}, min(1), null],
    ['exactly 15 minutes after the first reveal: allowed', {}, min(15), null],
    ['15 minutes and 1 second after: too late', {}, new Date(min(15).getTime() + 1_000), 'window_over'],
    ['never revealed: look first', { firstRevealAt: null }, min(1), 'not_revealed'],
    ['not running (ended, cancelled or not started)', { running: false }, min(1), 'not_running'],
    ['renewed: something was played', { renewed: true }, min(1), 'played'],
    ['hafu prepay charged: something was played', { gameMoneyFen: 1 }, min(1), 'played'],
    ['free rental, nothing to refund', { refundableRentFen: 0 }, min(1), 'nothing_paid'],
    ['button withdrawn for abuse', { withdrawn: true }, min(1), 'withdrawn'],
    ['reported already: reported wins over everything', { reported: true, running: false }, min(1), 'reported'],
  ])('%s', (_name, input, now, expected) => {
    expect(reportRefusal({ ...OK, ...input }, now)).toBe(expected);
  });

  it('the deadline is the first reveal plus 15 minutes', () => {
    expect(reportDeadline(T0)?.toISOString()).toBe(min(15).toISOString());
    expect(reportDeadline(null)).toBeNull();
  });
});

describe('compensationFen: 20 % of the rent, floor ¥2, cap ¥50', () => {
  it.each<[number, number]>([
    [0, 0],
    [1, 200],
    [1_000, 200],
    [1_002, 200],
    [1_003, 201],
    [10_000, 2_000],
    [25_000, 5_000],
    [1_000_000, 5_000],
  ])('rent %i fen → %i fen', (rent, expected) => {
    expect(compensationFen(rent)).toBe(expected);
  });

  it('refuses a rent that is not a whole fen amount', () => {
    expect(() => compensationFen(-1)).toThrow(RangeError);
    expect(() => compensationFen(1.5)).toThrow(RangeError);
  });
});

describe('canAnswer: within 2 hours of the report', () => {
  it.each<[Date, boolean]>([
    [min(0), true],
    [min(120), true],
    [new Date(min(120).getTime() + 1), false],
  ])('at %s → %s', (now, expected) => {
    expect(canAnswer(T0, now)).toBe(expected);
  });
  it('the deadline', () => expect(answerDeadline(T0).toISOString()).toBe(min(120).toISOString()));
});

describe('reachesTakedown: 2 within 7 days or 3 within 30 days', () => {
  it.each<[string, Date[], boolean]>([
    ['no failure', [], false],
    ['one failure now', [T0], false],
    ['two within 7 days', [day(6), T0], true],
    ['two, 8 days apart', [day(8), T0], false],
    ['three within 30 days', [day(29), day(15), T0], true],
    ['three, the oldest 31 days ago', [day(31), day(15), T0], false],
    ['a future time does not count', [T0, min(10)], false],
  ])('%s', (_name, times, expected) => {
    expect(reachesTakedown(times, T0)).toBe(expected);
  });
});

describe('reportWithdrawn: 2 reversed or 5 reports within 30 days', () => {
  it.each<[number, number, boolean]>([
    [0, 0, false],
    [1, 1, false],
    [4, 1, false],
    [2, 2, true],
    [5, 0, true],
  ])('%i reports, %i reversed → %s', (reports, reversed, expected) => {
    expect(reportWithdrawn({ reports, reversed })).toBe(expected);
  });
  it('counts from 30 days back', () => expect(abuseSince(T0).toISOString()).toBe(day(30).toISOString()));
});
