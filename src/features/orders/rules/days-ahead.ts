/**
 * The free days ahead of a listing (the detail page's 档期, docs/decisions.md "Free days ahead"):
 * for each Shanghai day from today, the stretches inside the listing's rental_time that no rental
 * holds. A rental holds [start, end) while it is unpaid, paying or paid (the same windows the
 * double-booking constraint holds), so what is shown free can be booked.
 *
 * - rental_time 'HH:mm-HH:mm' is read as availability.ts reads it: end minute included, a start
 *   after the end crosses midnight, empty means all day, malformed means never (fail closed).
 * - Today starts at the next whole minute after `now`.
 * - Free stretches shorter than MIN_FREE_STRETCH_MIN are dropped: no rental fits in them.
 * - A listing marked rented with no known window covering now (the partner platform's, or one
 *   rented elsewhere) has no free stretch today: we cannot say when it ends.
 * - The end of a stretch that reaches midnight reads '24:00'.
 */
import { MS_PER_DAY, MS_PER_MINUTE, RENTAL_TIME_ALL_DAY } from '~/platform/config/constants';
import { formatShanghaiDate, formatShanghaiMonthDay, shanghaiClock, shanghaiMidnight } from '~/platform/rules/shanghai-time';
import { parseRentalTime } from '~/features/catalog/rules/availability';
import { DAYS_AHEAD, MIN_FREE_STRETCH_MIN } from '~/features/orders/constants';

const MINUTES_PER_DAY = 1440;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

export type DayState = 'free' | 'partial' | 'full' | 'closed';

export const DAY_STATE_LABEL: Readonly<Record<DayState, string>> = {
  free: '空闲',
  partial: '部分空闲',
  full: '已约满',
  closed: '不可租',
};

export interface FreeStretch {
  /** 'HH:mm' Shanghai time. */
  from: string;
  /** 'HH:mm', '24:00' at midnight. */
  to: string;
}

export interface DayAhead {
  /** 'YYYY-MM-DD' Shanghai day. */
  date: string;
  /** 今天, 明天, or the weekday. */
  label: string;
  /** 'MM-DD'. */
  month_day: string;
  state: DayState;
  /** Minutes free in bookable stretches. */
  free_minutes: number;
  free: FreeStretch[];
}

/** GET detail/daysAhead. */
export interface DaysAheadView {
  /** False when the listing is off the shelf: nothing can be booked, whatever the days say. */
  listed: boolean;
  days: DayAhead[];
}

export interface DaysAheadInput {
  now: Date;
  rentalTime: string | null | undefined;
  /** Windows rentals hold, any order. */
  held: ReadonlyArray<{ start: Date; end: Date }>;
  /** The listing is marked rented now. */
  rentedNow: boolean;
  days?: number;
}

type Span = [number, number];

/** The minutes of a day, [from, to), inside rental_time; [] for a malformed rental_time. */
function rentableSpans(rentalTime: string | null | undefined): Span[] {
  let range;
  try {
    range = parseRentalTime(rentalTime?.trim() ? rentalTime : RENTAL_TIME_ALL_DAY);
  } catch {
    return [];
  }
  const end = range.toMin + 1;
  return range.fromMin <= range.toMin ? [[range.fromMin, end]] : [[0, end], [range.fromMin, MINUTES_PER_DAY]];
}

/** `spans` minus `cut`, both lists of [from, to). */
function subtract(spans: Span[], cut: Span): Span[] {
  const [cutFrom, cutTo] = cut;
  return spans.flatMap(([from, to]): Span[] => {
    if (cutTo <= from || cutFrom >= to) return [[from, to]];
    const left: Span[] = cutFrom > from ? [[from, cutFrom]] : [];
    const right: Span[] = cutTo < to ? [[cutTo, to]] : [];
    return [...left, ...right];
  });
}

const pad = (value: number): string => String(value).padStart(2, '0');
const clockText = (minute: number): string => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

function dayLabel(index: number, day: Date): string {
  if (index === 0) return '今天';
  if (index === 1) return '明天';
  return WEEKDAYS[shanghaiClock(day).weekday] ?? '';
}

export function daysAhead(input: DaysAheadInput): DayAhead[] {
  const count = input.days ?? DAYS_AHEAD;
  const today = shanghaiMidnight(input.now);
  const nowMinute = Math.ceil((input.now.getTime() - today.getTime()) / MS_PER_MINUTE);
  const rentable = rentableSpans(input.rentalTime);
  const coversNow = input.held.some((window) => window.start <= input.now && window.end > input.now);

  return Array.from({ length: count }, (_, index): DayAhead => {
    const dayStart = new Date(today.getTime() + index * MS_PER_DAY);
    let spans = rentable;
    if (index === 0) spans = subtract(spans, [0, nowMinute]);
    const open = spans.reduce((sum, [from, to]) => sum + to - from, 0);
    if (index === 0 && input.rentedNow && !coversNow) spans = [];
    for (const window of input.held) {
      const from = Math.floor((window.start.getTime() - dayStart.getTime()) / MS_PER_MINUTE);
      const to = Math.ceil((window.end.getTime() - dayStart.getTime()) / MS_PER_MINUTE);
      if (to > 0 && from < MINUTES_PER_DAY) spans = subtract(spans, [Math.max(from, 0), Math.min(to, MINUTES_PER_DAY)]);
    }
    const free = spans.filter(([from, to]) => to - from >= MIN_FREE_STRETCH_MIN);
    const freeMinutes = free.reduce((sum, [from, to]) => sum + to - from, 0);
    const state: DayState = open === 0 && freeMinutes === 0 ? 'closed' : freeMinutes === 0 ? 'full' : freeMinutes === open ? 'free' : 'partial';
    return {
      date: formatShanghaiDate(dayStart),
      label: dayLabel(index, dayStart),
      month_day: formatShanghaiMonthDay(dayStart),
      state,
      free_minutes: freeMinutes,
      free: free.map(([from, to]) => ({ from: clockText(from), to: clockText(to) })),
    };
  });
}
