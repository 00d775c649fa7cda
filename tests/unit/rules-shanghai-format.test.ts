import { describe, expect, it } from 'vitest';
import {
  formatClockMinutes,
  formatShanghaiDate,
  formatShanghaiDateTime,
  formatShanghaiDateTimeSeconds,
  formatShanghaiIso,
  formatShanghaiMonthDayTime,
  formatShanghaiRfc3339,
  formatShanghaiStamp,
} from '~/platform/rules/shanghai-time';

// The page's date texts come from one module (no dayjs: see the header of shanghai-time.ts).

describe('date texts in Shanghai time, whatever the machine zone', () => {
  it.each([
    ['2025-03-09T16:00:00Z', '2025-03-10', '2025-03-10 00:00:00'],
    ['2024-12-31T15:59:59Z', '2024-12-31', '2024-12-31 23:59:59'],
    ['2024-12-31T16:00:01Z', '2025-01-01', '2025-01-01 00:00:01'],
  ])('%s is the Shanghai date %s and timestamp %s', (iso, day, stamp) => {
    const date = new Date(iso);
    expect(formatShanghaiDate(date)).toBe(day);
    expect(formatShanghaiDateTimeSeconds(date)).toBe(stamp);
    expect(formatShanghaiDateTime(date)).toBe(stamp.slice(0, 16));
  });

  it.each([
    [0, '00:00'],
    [7 * 60, '07:00'],
    [22 * 60 + 5, '22:05'],
    [27 * 60, '03:00'],
  ])('minute %i of the slot table reads %s', (minute, text) => {
    expect(formatClockMinutes(minute)).toBe(text);
  });

  it('stamps numbers and gateway expiries in Shanghai time', () => {
    const date = new Date('2024-12-31T16:00:01Z');
    expect(formatShanghaiStamp(date)).toBe('20250101000001');
    expect(formatShanghaiRfc3339(date)).toBe('2025-01-01T00:00:01+08:00');
  });

  it('reads an API time: a dash (or the given word) for none, the raw text when unreadable', () => {
    expect(formatShanghaiIso('2026-07-01T16:30:00.000Z')).toBe('2026-07-02 00:30');
    expect(formatShanghaiIso('2026-07-01T16:30:00.000Z', { shape: formatShanghaiMonthDayTime })).toBe('07-02 00:30');
    expect(formatShanghaiIso(null)).toBe('—');
    expect(formatShanghaiIso(undefined)).toBe('—');
    expect(formatShanghaiIso('', { absent: '从未登录' })).toBe('从未登录');
    expect(formatShanghaiIso('soon')).toBe('soon');
  });
});
