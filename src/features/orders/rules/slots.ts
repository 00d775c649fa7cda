/**
 * Time slots, spec §4 table and §9 slot lengths:
 *
 * | slot      | clock range (current slot) | rental window   | length |
 * |-----------|----------------------------|-----------------|--------|
 * | morning   | 03:00-08:59                | 07:00-12:00     | 5 h    |
 * | afternoon | 09:00-15:59                | 12:00-19:00     | 7 h    |
 * | evening   | 16:00-02:59 next day       | 22:00-07:00     | 9 h    |
 *
 * "A slot not yet open has its opening time as start." All times are Shanghai wall clock.
 *
 * Reading of the table (docs/rules-decisions.md): the clock range is when a slot's window is on
 * sale. A booking of slot S at `now` gets the first window of S whose clock range has not ended:
 * - inside S's clock range: that range's window; start = its opening time if not yet open, else
 *   now; end = the window end (so the morning slot at 08:59 runs 08:59-12:00);
 * - after S's clock range ended (morning asked at 09:00 or 13:00, afternoon at 16:00, evening at
 *   03:00): the next day's window, from its opening time, even if today's window is still open;
 * - before S's clock range (afternoon asked at 05:00): today's window from its opening time.
 * The price is always the full slot length (periods.ts), whatever part of the window is left.
 */
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '~/platform/config/constants';
import { TIME_SLOTS } from '~/features/orders/constants';
import { shanghaiMidnight, shanghaiMinuteOfDay } from '~/platform/rules/shanghai-time';

export type Slot = keyof typeof TIME_SLOTS;

export const SLOTS: readonly Slot[] = ['morning', 'afternoon', 'evening'];

/** §9 slot lengths in hours: the window length and the hours a slot is priced at. */
export const SLOT_HOURS: Readonly<Record<Slot, number>> = {
  morning: (TIME_SLOTS.morning.windowToMin - TIME_SLOTS.morning.windowFromMin) / 60,
  afternoon: (TIME_SLOTS.afternoon.windowToMin - TIME_SLOTS.afternoon.windowFromMin) / 60,
  evening: (TIME_SLOTS.evening.windowToMin - TIME_SLOTS.evening.windowFromMin) / 60,
};

export interface SlotWindow {
  start: Date;
  end: Date;
  /** end - start in hours; below the slot length when the window was already open. */
  hours: number;
}

/** §4: the slot whose clock range holds `now` (minute precision, Shanghai time). */
export function slotAt(now: Date): Slot {
  const minute = shanghaiMinuteOfDay(now);
  for (const slot of SLOTS) {
    const { clockFromMin, clockToMin } = TIME_SLOTS[slot];
    // evening runs past midnight: 16:00-27:00 holds 00:00-02:59 as 24:00-26:59
    if ((minute >= clockFromMin && minute < clockToMin) || (minute + 1440 >= clockFromMin && minute + 1440 < clockToMin)) {
      return slot;
    }
  }
  // unreachable: the three clock ranges cover the day
  throw new RangeError(`no slot for minute ${minute}`);
}

/** §4: the rental window of `slot` for a booking made at `now` (see the module comment). */
export function slotWindow(slot: Slot, now: Date): SlotWindow {
  const { clockToMin, windowFromMin, windowToMin } = TIME_SLOTS[slot];
  const today = shanghaiMidnight(now).getTime();
  // The window that opened yesterday (evening) can still be on sale after midnight; tomorrow's
  // is the latest one ever needed because every clock range ends less than a day after midnight.
  for (const dayOffset of [-1, 0, 1]) {
    const day = today + dayOffset * MS_PER_DAY;
    if (now.getTime() >= day + clockToMin * MS_PER_MINUTE) continue;
    const opening = day + windowFromMin * MS_PER_MINUTE;
    const end = day + windowToMin * MS_PER_MINUTE;
    const start = Math.max(now.getTime(), opening); // spec §4: a slot not yet open starts at its opening time
    return { start: new Date(start), end: new Date(end), hours: (end - start) / MS_PER_HOUR };
  }
  throw new RangeError(`no window for ${slot}`);
}
