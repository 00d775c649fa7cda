import { describe, expect, it } from 'vitest';
import { AFTERNOON_SLOT_HOURS, EVENING_SLOT_HOURS, MORNING_SLOT_HOURS } from '~/features/orders/constants';
import { SLOT_HOURS, slotAt, slotWindow, type Slot } from '~/features/orders/rules/slots';

/** A Shanghai wall-clock time, 'YYYY-MM-DD HH:mm' (or with :ss). */
const at = (text: string): Date => new Date(`${text.replace(' ', 'T')}${text.length === 16 ? ':00' : ''}+08:00`);

describe('slot by clock (spec §4: morning 03:00-08:59, afternoon 09:00-15:59, evening 16:00-02:59)', () => {
  it.each<[string, Slot]>([
    ['00:00', 'evening'],
    ['02:59', 'evening'],
    ['03:00', 'morning'],
    ['07:00', 'morning'],
    ['08:59', 'morning'],
    ['09:00', 'afternoon'],
    ['12:00', 'afternoon'],
    ['15:59', 'afternoon'],
    ['16:00', 'evening'],
    ['22:00', 'evening'],
    ['23:59', 'evening'],
  ])('%s is the %s slot', (clock, slot) => {
    expect(slotAt(at(`2025-03-10 ${clock}`))).toBe(slot);
  });

  it('seconds do not move a boundary: 08:59:59 is still morning, 02:59:59 still evening', () => {
    expect(slotAt(at('2025-03-10 08:59:59'))).toBe('morning');
    expect(slotAt(at('2025-03-10 02:59:59'))).toBe('evening');
  });
});

describe('slot lengths (spec §9: 5, 7 and 9 hours) are the window lengths of §4', () => {
  it('morning 07:00-12:00 is 5 h, afternoon 12:00-19:00 is 7 h, evening 22:00-07:00 is 9 h', () => {
    expect(SLOT_HOURS).toEqual({ morning: MORNING_SLOT_HOURS, afternoon: AFTERNOON_SLOT_HOURS, evening: EVENING_SLOT_HOURS });
    expect(SLOT_HOURS).toEqual({ morning: 5, afternoon: 7, evening: 9 });
  });
});

// booked at (Shanghai, 2025-03-10 unless dated), slot, expected start, expected end, hours
const WINDOWS: [string, Slot, string, string, number][] = [
  // morning window 07:00-12:00, on sale 03:00-08:59
  ['2025-03-10 02:59', 'morning', '2025-03-10 07:00', '2025-03-10 12:00', 5],
  ['2025-03-10 03:00', 'morning', '2025-03-10 07:00', '2025-03-10 12:00', 5],
  ['2025-03-10 06:59', 'morning', '2025-03-10 07:00', '2025-03-10 12:00', 5],
  ['2025-03-10 07:00', 'morning', '2025-03-10 07:00', '2025-03-10 12:00', 5],
  ['2025-03-10 07:30', 'morning', '2025-03-10 07:30', '2025-03-10 12:00', 4.5],
  ['2025-03-10 08:59', 'morning', '2025-03-10 08:59', '2025-03-10 12:00', 3 + 1 / 60],
  ['2025-03-10 09:00', 'morning', '2025-03-11 07:00', '2025-03-11 12:00', 5],
  ['2025-03-10 12:00', 'morning', '2025-03-11 07:00', '2025-03-11 12:00', 5],
  ['2025-03-10 13:00', 'morning', '2025-03-11 07:00', '2025-03-11 12:00', 5],
  ['2025-03-10 23:00', 'morning', '2025-03-11 07:00', '2025-03-11 12:00', 5],
  // afternoon window 12:00-19:00, on sale 09:00-15:59
  ['2025-03-10 05:00', 'afternoon', '2025-03-10 12:00', '2025-03-10 19:00', 7],
  ['2025-03-10 08:59', 'afternoon', '2025-03-10 12:00', '2025-03-10 19:00', 7],
  ['2025-03-10 09:00', 'afternoon', '2025-03-10 12:00', '2025-03-10 19:00', 7],
  ['2025-03-10 11:59', 'afternoon', '2025-03-10 12:00', '2025-03-10 19:00', 7],
  ['2025-03-10 12:00', 'afternoon', '2025-03-10 12:00', '2025-03-10 19:00', 7],
  ['2025-03-10 15:59', 'afternoon', '2025-03-10 15:59', '2025-03-10 19:00', 3 + 1 / 60],
  ['2025-03-10 16:00', 'afternoon', '2025-03-11 12:00', '2025-03-11 19:00', 7],
  ['2025-03-10 19:00', 'afternoon', '2025-03-11 12:00', '2025-03-11 19:00', 7],
  // evening window 22:00-07:00 next day, on sale 16:00-02:59 next day
  ['2025-03-10 03:00', 'evening', '2025-03-10 22:00', '2025-03-11 07:00', 9],
  ['2025-03-10 15:59', 'evening', '2025-03-10 22:00', '2025-03-11 07:00', 9],
  ['2025-03-10 16:00', 'evening', '2025-03-10 22:00', '2025-03-11 07:00', 9],
  ['2025-03-10 21:59', 'evening', '2025-03-10 22:00', '2025-03-11 07:00', 9],
  ['2025-03-10 22:00', 'evening', '2025-03-10 22:00', '2025-03-11 07:00', 9],
  ['2025-03-10 23:30', 'evening', '2025-03-10 23:30', '2025-03-11 07:00', 7.5],
  ['2025-03-11 00:00', 'evening', '2025-03-11 00:00', '2025-03-11 07:00', 7],
  ['2025-03-11 01:00', 'evening', '2025-03-11 01:00', '2025-03-11 07:00', 6],
  ['2025-03-11 02:59', 'evening', '2025-03-11 02:59', '2025-03-11 07:00', 4 + 1 / 60],
  ['2025-03-11 03:00', 'evening', '2025-03-11 22:00', '2025-03-12 07:00', 9],
  // month and year ends
  ['2025-03-31 23:00', 'morning', '2025-04-01 07:00', '2025-04-01 12:00', 5],
  ['2025-12-31 22:30', 'evening', '2025-12-31 22:30', '2026-01-01 07:00', 8.5],
];

describe('slot rental window for a booking (spec §4: a slot not yet open starts at its opening time)', () => {
  it.each(WINDOWS)('booked at %s, the %s slot runs %s to %s (%f h)', (bookedAt, slot, start, end, hours) => {
    const window = slotWindow(slot, at(bookedAt));
    expect(window.start).toEqual(at(start));
    expect(window.end).toEqual(at(end));
    expect(window.hours).toBeCloseTo(hours, 10);
  });

  it('evening slot runs 22:00-07:00 when booked at 16:00', () => {
    const window = slotWindow('evening', at('2025-03-10 16:00'));
    expect([window.start, window.end]).toEqual([at('2025-03-10 22:00'), at('2025-03-11 07:00')]);
  });

  it('an open window starts at the exact booking instant, seconds included', () => {
    const now = at('2025-03-10 07:00:30');
    expect(slotWindow('morning', now).start).toEqual(now);
  });

  it('the window of the current slot never ends in the past and never opens more than a day ahead', () => {
    for (let minute = 0; minute < 1440; minute += 7) {
      const now = new Date(at('2025-03-10 00:00').getTime() + minute * 60_000);
      for (const slot of ['morning', 'afternoon', 'evening'] as const) {
        const window = slotWindow(slot, now);
        expect(window.end.getTime()).toBeGreaterThan(now.getTime());
        expect(window.start.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(window.start.getTime() - now.getTime()).toBeLessThan(24 * 3_600_000);
        expect(window.hours).toBeLessThanOrEqual(SLOT_HOURS[slot]);
      }
      // the current slot always has at least 3 hours left
      expect(slotWindow(slotAt(now), now).hours).toBeGreaterThan(3);
    }
  });
});
