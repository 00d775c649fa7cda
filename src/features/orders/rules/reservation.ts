/**
 * Reserved rental, spec §4: the reserved start is now plus 30 minutes; the duration by rental id
 * is 1 → 1 hour, 6 → 1 day, 3 → 5 hours, 2 → 10 hours, 7 → 7 days. Any other id is a RangeError.
 * (quote.ts multiplies the hourly duration by the hours rented and starts a reserved slot's 5 hours
 * when the slot opens; see docs/decisions.md "Reserved slot".)
 */
import { MS_PER_HOUR } from '~/platform/config/constants';
import { RESERVATION_LEAD_MS, RESERVED_DURATION_HOURS_BY_RENTAL_ID } from '~/features/orders/constants';

/** now + 30 min. */
export function reservedStart(now: Date): Date {
  return new Date(now.getTime() + RESERVATION_LEAD_MS);
}

/** Hours of one reserved rental of this id; throws a RangeError for an unknown id. */
export function reservedDurationHours(rentalId: number): number {
  const hours = Object.hasOwn(RESERVED_DURATION_HOURS_BY_RENTAL_ID, rentalId)
    ? RESERVED_DURATION_HOURS_BY_RENTAL_ID[rentalId]
    : undefined;
  if (hours === undefined) throw new RangeError(`未知的租赁类型: ${rentalId}`);
  return hours;
}

export interface ReservedPeriod {
  start: Date;
  end: Date;
  hours: number;
}

/** §4: start = now + 30 min, end = start + the duration of the rental id. */
export function reservedPeriod(rentalId: number, now: Date): ReservedPeriod {
  const hours = reservedDurationHours(rentalId);
  const start = reservedStart(now);
  return { start, end: new Date(start.getTime() + hours * MS_PER_HOUR), hours };
}
