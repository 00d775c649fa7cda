import { describe, expect, it } from 'vitest';
import { MSG_DASHBOARD_RANGE_CUT, MSG_DASHBOARD_RANGE_INVALID, resolveDashboardRange } from '~/features/console/rules/dashboard-range';
import { compactCount, DAY_LABEL_WIDTH, labelledDays, niceCeiling, percentText, yuanText } from '~/features/console/rules/dashboard-chart';

// 2026-03-10 01:00 in Shanghai is still 03-09 in UTC: "today" is the Shanghai day.
const NOW = new Date('2026-03-09T17:00:00Z');

describe('console overview date range (Shanghai days)', () => {
  it.each([
    ['no range: the last 14 days ending today', {}, '2026-02-25', '2026-03-10', 14, null],
    ['a given range, both days included', { from: '2026-03-01', to: '2026-03-03' }, '2026-03-01', '2026-03-03', 3, null],
    ['only from: up to today', { from: '2026-03-08' }, '2026-03-08', '2026-03-10', 3, null],
    ['only to: the 14 days ending then', { to: '2026-01-14' }, '2026-01-01', '2026-01-14', 14, null],
    ['a reversed range is put in order', { from: '2026-03-03', to: '2026-03-01' }, '2026-03-01', '2026-03-03', 3, null],
    ['not a date: the default, with a notice', { from: '2026-02-30', to: '2026-03-01' }, '2026-02-25', '2026-03-10', 14, MSG_DASHBOARD_RANGE_INVALID],
    ['longer than 92 days: cut from the end', { from: '2025-01-01', to: '2026-03-10' }, '2025-12-09', '2026-03-10', 92, MSG_DASHBOARD_RANGE_CUT],
  ] as const)('%s', (_, input, from, to, days, notice) => {
    const range = resolveDashboardRange(input, NOW);
    expect([range.from, range.to, range.days.length, range.notice]).toEqual([from, to, days, notice]);
    expect(range.days[0]).toBe(from);
    expect(range.end.getTime() - range.start.getTime()).toBe(days * 86_400_000);
  });

  it('starts at Shanghai midnight', () => {
    const range = resolveDashboardRange({ from: '2026-03-01', to: '2026-03-01' }, NOW);
    expect(range.start.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });
});

describe('console overview chart numbers', () => {
  it.each([
    [0, 1],
    [0.3, 0.5],
    [7, 10],
    [12, 20],
    [21, 25],
    [26, 50],
    [100, 100],
    [1234, 2000],
  ])('axis top for %d is %d', (value, top) => {
    expect(niceCeiling(value)).toBe(top);
  });

  it.each([
    [950, '950'],
    [12345, '1.2万'],
    [120_000_000, '1.2亿'],
  ])('%d reads %s', (value, text) => {
    expect(compactCount(value)).toBe(text);
  });

  it('shows money and shares the way the console does', () => {
    expect(yuanText(123456789)).toBe('¥1,234,567.89');
    expect(yuanText(5)).toBe('¥0.05');
    expect(percentText(1 / 3)).toBe('33.3%');
    expect(percentText(0)).toBe('0.0%');
  });
});

describe('day labels of a per-day chart (issue 28: axis labels that fit a phone)', () => {
  it.each([
    ['7 days on the wide chart (578 units): every day', 7, 578, [0, 1, 2, 3, 4, 5, 6]],
    ['14 days on the wide chart: every other day, the newest named', 14, 578, [1, 3, 5, 7, 9, 11, 13]],
    ['30 days on a phone (290 units, 6 fit): every 5th, the newest named', 30, 290, [4, 9, 14, 19, 24, 29]],
    ['90 days on a phone: every 15th', 90, 290, [14, 29, 44, 59, 74, 89]],
    ['one day', 1, 290, [0]],
    ['no days', 0, 290, []],
    ['a plot narrower than one label still names the newest day', 7, 10, [6]],
  ])('%s', (_name, count, width, expected) => {
    expect(labelledDays(count, width)).toEqual(expected);
  });

  it('never puts two labels closer than a label is wide', () => {
    for (const count of [7, 14, 30, 60, 90]) {
      for (const width of [290, 578]) {
        const labels = labelledDays(count, width);
        const band = width / count;
        for (let k = 1; k < labels.length; k++) expect((labels[k]! - labels[k - 1]!) * band).toBeGreaterThanOrEqual(DAY_LABEL_WIDTH);
      }
    }
  });
});
