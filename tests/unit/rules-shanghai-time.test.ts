import { describe, expect, it } from 'vitest';
import {
  formatShanghaiClock,
  formatShanghaiDateTime,
  parseClockMinutes,
  shanghaiClock,
  shanghaiMidnight,
  shanghaiMinuteOfDay,
  shanghaiWallTime,
} from '~/platform/rules/shanghai-time';

/** A Shanghai wall-clock time, 'YYYY-MM-DD HH:mm'. */
const at = (text: string): Date => new Date(`${text.replace(' ', 'T')}:00+08:00`);

describe('Shanghai wall clock (UTC+08:00, no daylight saving)', () => {
  it.each([
    ['2025-03-10T00:00:00Z', '2025-03-10 08:00', 8 * 60],
    ['2025-03-09T16:00:00Z', '2025-03-10 00:00', 0],
    ['2025-03-09T15:59:00Z', '2025-03-09 23:59', 1439],
    ['2024-12-31T18:30:00Z', '2025-01-01 02:30', 150],
    ['2024-02-28T16:00:00Z', '2024-02-29 00:00', 0],
  ])('%s reads %s in Shanghai', (iso, wall, minute) => {
    const date = new Date(iso);
    expect(formatShanghaiDateTime(date)).toBe(wall);
    expect(shanghaiMinuteOfDay(date)).toBe(minute);
  });

  it('gives hours, minutes and seconds of the Shanghai clock', () => {
    expect(shanghaiClock(new Date('2025-07-01T01:02:03Z'))).toEqual({
      year: 2025, month: 7, day: 1, hours: 9, minutes: 2, seconds: 3, minuteOfDay: 542, weekday: 2,
    });
    // 02:30 on 1 January 2025 in Shanghai is a Wednesday while UTC is still Tuesday.
    expect(shanghaiClock(new Date('2024-12-31T18:30:00Z')).weekday).toBe(3);
    expect(formatShanghaiClock(new Date('2025-07-01T01:02:03Z'))).toBe('09:02');
  });

  it('finds Shanghai midnight of the Shanghai day, not of the UTC day', () => {
    expect(shanghaiMidnight(at('2025-03-10 00:00'))).toEqual(at('2025-03-10 00:00'));
    expect(shanghaiMidnight(at('2025-03-10 07:59'))).toEqual(at('2025-03-10 00:00'));
    expect(shanghaiMidnight(at('2025-03-10 23:59'))).toEqual(at('2025-03-10 00:00'));
  });

  it('builds the instant of a wall-clock time on a Shanghai day', () => {
    expect(shanghaiWallTime(at('2025-03-10 15:00'), 7, 0)).toEqual(at('2025-03-10 07:00'));
    expect(shanghaiWallTime(at('2025-03-10 01:00'), 22, 0, -1)).toEqual(at('2025-03-09 22:00'));
    expect(shanghaiWallTime(at('2025-03-10 23:00'), 12, 30, 1)).toEqual(at('2025-03-11 12:30'));
    expect(shanghaiWallTime(at('2025-03-31 10:00'), 27, 0)).toEqual(at('2025-04-01 03:00'));
  });

  it.each([
    ['00:00', 0],
    ['07:00', 420],
    ['23:59', 1439],
  ])('reads %s as minute %i', (text, minute) => {
    expect(parseClockMinutes(text)).toBe(minute);
  });

  it.each(['24:00', '7:00', '07:60', '', '0700'])('refuses the clock text "%s"', (text) => {
    expect(() => parseClockMinutes(text)).toThrow(RangeError);
  });
});
