/**
 * Shanghai wall clock (spec §4 slots and rental_time are Beijing time), and the one place that
 * turns an instant into the text a page shows. Asia/Shanghai is a fixed UTC+08:00 (no daylight
 * saving since 1991), so a constant offset is exact and keeps dayjs and its time-zone data out of
 * the island bundle (the detail page sits just under its 100 KB budget); Intl would work too but
 * is slower and heavier per call. The formats are fixed numeric ones, so no locale data is needed.
 */
import { MS_PER_DAY, MS_PER_MINUTE, SHANGHAI_UTC_OFFSET_MS } from '~/platform/config/constants';

export interface ShanghaiClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Minutes since Shanghai midnight, 0-1439 (seconds ignored). */
  minuteOfDay: number;
  /** 0 Sunday to 6 Saturday. */
  weekday: number;
}

/** The Shanghai wall clock of an instant. */
export function shanghaiClock(date: Date): ShanghaiClock {
  const shifted = new Date(date.getTime() + SHANGHAI_UTC_OFFSET_MS);
  const hours = shifted.getUTCHours();
  const minutes = shifted.getUTCMinutes();
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hours,
    minutes,
    seconds: shifted.getUTCSeconds(),
    minuteOfDay: hours * 60 + minutes,
    weekday: shifted.getUTCDay(),
  };
}

/** Minutes since Shanghai midnight of an instant, 0-1439. */
export function shanghaiMinuteOfDay(date: Date): number {
  return shanghaiClock(date).minuteOfDay;
}

/** The instant of 00:00 Shanghai time on the Shanghai day of `date`. */
export function shanghaiMidnight(date: Date): Date {
  const shifted = date.getTime() + SHANGHAI_UTC_OFFSET_MS;
  return new Date(shifted - (((shifted % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) - SHANGHAI_UTC_OFFSET_MS);
}

/**
 * The instant of a Shanghai wall-clock time on the Shanghai day of `day`, `dayOffset` days later.
 * Minutes may run past 24:00 (27 * 60 is 03:00 the next day), which the slot table uses.
 */
export function shanghaiWallTime(day: Date, hours: number, minutes = 0, dayOffset = 0): Date {
  return new Date(shanghaiMidnight(day).getTime() + dayOffset * MS_PER_DAY + (hours * 60 + minutes) * MS_PER_MINUTE);
}

const CLOCK_TEXT = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' → minutes since midnight; throws a RangeError for anything else ('24:00', '7:00'). */
export function parseClockMinutes(text: string): number {
  const match = CLOCK_TEXT.exec(text.trim());
  if (!match) throw new RangeError(`时间格式应为 HH:mm: "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** 'HH:mm' of a minute of the day; minutes past 24:00 wrap (27 * 60 reads '03:00', as slots run). */
export function formatClockMinutes(minuteOfDay: number): string {
  return `${pad(Math.floor(minuteOfDay / 60) % 24)}:${pad(minuteOfDay % 60)}`;
}

/** 'HH:mm' in Shanghai time. */
export function formatShanghaiClock(date: Date): string {
  const clock = shanghaiClock(date);
  return `${pad(clock.hours)}:${pad(clock.minutes)}`;
}

/** 'YYYY-MM-DD' in Shanghai time (a date without its time: expiry days, listing dates). */
export function formatShanghaiDate(date: Date): string {
  const clock = shanghaiClock(date);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** 'MM-DD' in Shanghai time (a short date in a dense list, e.g. the home page's notices). */
export function formatShanghaiMonthDay(date: Date): string {
  const clock = shanghaiClock(date);
  return `${pad(clock.month)}-${pad(clock.day)}`;
}

/** 'MM-DD HH:mm' in Shanghai time (a moment within the coming days: when a free rental ends). */
export function formatShanghaiMonthDayTime(date: Date): string {
  const clock = shanghaiClock(date);
  return `${formatShanghaiMonthDay(date)} ${pad(clock.hours)}:${pad(clock.minutes)}`;
}

/** 'YYYY-MM-DD HH:mm' in Shanghai time (for start and end times on the page). */
export function formatShanghaiDateTime(date: Date): string {
  const clock = shanghaiClock(date);
  return `${formatShanghaiDate(date)} ${pad(clock.hours)}:${pad(clock.minutes)}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in Shanghai time (message and ledger timestamps). */
export function formatShanghaiDateTimeSeconds(date: Date): string {
  return `${formatShanghaiDateTime(date)}:${pad(shanghaiClock(date).seconds)}`;
}

/** 'YYYYMMDDHHmmss' in Shanghai time (the stamp inside order and payment numbers, which sort by it). */
export function formatShanghaiStamp(date: Date): string {
  const clock = shanghaiClock(date);
  return `${clock.year}${pad(clock.month)}${pad(clock.day)}${pad(clock.hours)}${pad(clock.minutes)}${pad(clock.seconds)}`;
}

/** 'YYYY-MM-DDTHH:mm:ss+08:00': RFC 3339 with the Shanghai offset, for gateways that want the zone spelled out. */
export function formatShanghaiRfc3339(date: Date): string {
  return `${formatShanghaiDateTimeSeconds(date).replace(' ', 'T')}+08:00`;
}

export interface ShanghaiIsoOptions {
  /** The shape of a readable time; 'YYYY-MM-DD HH:mm' unless told. */
  shape?: (date: Date) => string;
  /** What an absent time reads ('' counts as absent); '—' unless told. */
  absent?: string;
}

/**
 * An API's ISO time as page text in Shanghai time: `absent` for none, the raw text when it does not
 * parse (a wrong date on screen beats 'NaN-NaN-NaN'), else `shape` of the instant.
 */
export function formatShanghaiIso(value: string | null | undefined, options: ShanghaiIsoOptions = {}): string {
  if (value === null || value === undefined || value === '') return options.absent ?? '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return (options.shape ?? formatShanghaiDateTime)(date);
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a Shanghai calendar day 'YYYY-MM-DD' begins, or null for anything that is not a real
 * date ('2026-02-30', '2026-2-1'): how a date filter in an address is read.
 */
export function shanghaiDayStart(text: string): Date | null {
  const match = DATE_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return new Date(utcMidnight - SHANGHAI_UTC_OFFSET_MS);
}
