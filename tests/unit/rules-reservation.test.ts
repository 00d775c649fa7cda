import { describe, expect, it } from 'vitest';
import { reservedDurationHours, reservedPeriod, reservedStart } from '~/features/orders/rules/reservation';

const at = (text: string): Date => new Date(`${text.replace(' ', 'T')}:00+08:00`);

describe('reserved rental (spec §4: start = now + 30 min)', () => {
  it.each([
    ['2025-03-10 12:00', '2025-03-10 12:30'],
    ['2025-03-10 23:45', '2025-03-11 00:15'],
  ])('reserved at %s starts at %s', (now, start) => {
    expect(reservedStart(at(now))).toEqual(at(start));
  });
});

describe('reserved duration by rental id (spec §4: 1 → 1 h, 6 → 1 day, 3 → 5 h, 2 → 10 h, 7 → 7 days)', () => {
  it.each([
    [1, 1, '2025-03-10 13:30'],
    [6, 24, '2025-03-11 12:30'],
    [3, 5, '2025-03-10 17:30'],
    [2, 10, '2025-03-10 22:30'],
    [7, 168, '2025-03-17 12:30'],
  ])('rental id %i lasts %i hours: reserved at 12:00, it ends at %s', (rentalId, hours, end) => {
    expect(reservedDurationHours(rentalId)).toBe(hours);
    expect(reservedPeriod(rentalId, at('2025-03-10 12:00'))).toEqual({ start: at('2025-03-10 12:30'), end: at(end), hours });
  });

  it.each([0, 4, 5, 8, -1, 1.5, Number.NaN])('rental id %s is refused with a RangeError', (rentalId) => {
    expect(() => reservedDurationHours(rentalId)).toThrow(RangeError);
  });
});
