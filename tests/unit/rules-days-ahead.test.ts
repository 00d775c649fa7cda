/**
 * The detail page's 档期 (docs/decisions.md "Free days ahead"): free stretches inside rental_time
 * that no rental holds, per Shanghai day, for DAYS_AHEAD days.
 */
import { describe, expect, it } from 'vitest';
import { DAYS_AHEAD } from '~/features/orders/constants';
import { daysAhead } from '~/features/orders/rules/days-ahead';

const at = (wall: string): Date => new Date(`${wall.replace(' ', 'T')}:00+08:00`);
// Sunday 29 November 2026, 10:20:30 in Shanghai.
const NOW = new Date('2026-11-29T10:20:30+08:00');
const window = (from: string, to: string) => ({ start: at(from), end: at(to) });

describe('free days ahead', () => {
  it('lists DAYS_AHEAD Shanghai days from today with their labels', () => {
    const days = daysAhead({ now: NOW, rentalTime: '', held: [], rentedNow: false });
    expect(days).toHaveLength(DAYS_AHEAD);
    expect(days.map((day) => [day.date, day.label, day.month_day])).toEqual([
      ['2026-11-29', '今天', '11-29'],
      ['2026-11-30', '明天', '11-30'],
      ['2026-12-01', '周二', '12-01'],
      ['2026-12-02', '周三', '12-02'],
      ['2026-12-03', '周四', '12-03'],
      ['2026-12-04', '周五', '12-04'],
      ['2026-12-05', '周六', '12-05'],
    ]);
  });

  it.each([
    // rental_time, held windows, today's state and stretches, tomorrow's state and stretches
    ['all day, nothing held', '', [], 'free', [['10:21', '24:00']], 'free', [['00:00', '24:00']]],
    ['all day spelled out', '00:00-23:59', [], 'free', [['10:21', '24:00']], 'free', [['00:00', '24:00']]],
    ['daytime hours', '08:00-22:00', [], 'free', [['10:21', '22:01']], 'free', [['08:00', '22:01']]],
    ['crossing midnight', '22:00-02:00', [], 'free', [['22:00', '24:00']], 'free', [['00:00', '02:01'], ['22:00', '24:00']]],
    ['a rental this afternoon', '', [window('2026-11-29 14:00', '2026-11-29 19:00')], 'partial', [['10:21', '14:00'], ['19:00', '24:00']], 'free', [['00:00', '24:00']]],
    ['a week-long rental', '', [window('2026-11-29 09:00', '2026-12-06 09:00')], 'full', [], 'full', []],
    ['a rental over midnight', '', [window('2026-11-29 22:00', '2026-11-30 08:00')], 'partial', [['10:21', '22:00']], 'partial', [['08:00', '24:00']]],
    ['a 40-minute gap is not free', '', [window('2026-11-29 10:00', '2026-11-29 20:00'), window('2026-11-29 20:40', '2026-11-30 00:00')], 'full', [], 'free', [['00:00', '24:00']]],
    ['a window ending at a part minute', '', [window('2026-11-30 00:00', '2026-11-30 03:00')], 'free', [['10:21', '24:00']], 'partial', [['03:00', '24:00']]],
    ['a malformed rental_time is never rentable', '8-22', [], 'closed', [], 'closed', []],
  ] as const)('%s', (_, rentalTime, held, todayState, todayFree, tomorrowState, tomorrowFree) => {
    const [today, tomorrow] = daysAhead({ now: NOW, rentalTime, held, rentedNow: held.some((w) => w.start <= NOW && w.end > NOW) });
    expect([today?.state, today?.free.map((s) => [s.from, s.to])]).toEqual([todayState, todayFree]);
    expect([tomorrow?.state, tomorrow?.free.map((s) => [s.from, s.to])]).toEqual([tomorrowState, tomorrowFree]);
  });

  it('says closed when today\'s hours are over, free tomorrow', () => {
    const [today, tomorrow] = daysAhead({ now: at('2026-11-29 22:30'), rentalTime: '08:00-22:00', held: [], rentedNow: false });
    expect(today?.state).toBe('closed');
    expect(tomorrow?.state).toBe('free');
  });

  it('counts free minutes of bookable stretches', () => {
    const [today] = daysAhead({ now: NOW, rentalTime: '', held: [window('2026-11-29 14:00', '2026-11-29 19:00')], rentedNow: false });
    expect(today?.free_minutes).toBe(219 + 300);
  });

  it('shows nothing free today for a listing rented with no window we know of', () => {
    const [today, tomorrow] = daysAhead({ now: NOW, rentalTime: '', held: [], rentedNow: true });
    expect(today?.state).toBe('full');
    expect(tomorrow?.state).toBe('free');
  });
});
