/**
 * Listing availability and bookable-now, spec §4.
 *
 * Precedence (the spec lists the states, not their order; docs/rules-decisions.md):
 * 1. not listed → 'unavailable' (a delisted account is gone; "maintenance" would promise it back)
 * 2. game maintenance_status 1 and is_suspended 1 → 'maintenance' (nobody can play the game now,
 *    so a reservation is not offered either)
 * 3. rented: reservable → 'appoint', otherwise 'unavailable'
 * 4. otherwise 'normal'
 *
 * Bookable now: third_type 'uhaozu' always (the partner platform decides); otherwise not when
 * rented, and only while the Shanghai clock is inside rental_time 'HH:mm-HH:mm' (end minute
 * included, so '00:00-23:59' is all day; a start after the end crosses midnight; equal start and
 * end is that one minute). An empty rental_time is all day (the column default); a malformed one
 * is not bookable (fail closed: the server is the authority and must not sell outside the hours).
 */
import { RENTAL_TIME_ALL_DAY } from '~/platform/config/constants';
import { THIRD_TYPE_UHAOZU } from '~/features/catalog/constants';
import { parseClockMinutes, shanghaiMinuteOfDay } from '~/platform/rules/shanghai-time';

/** spec §4 listing availability (the wire contract re-exports this union). */
export type Availability = 'normal' | 'maintenance' | 'unavailable' | 'appoint';

/** 0/1 as the API sends game flags, or a boolean. */
export type Flag = boolean | 0 | 1;

const on = (flag: Flag): boolean => flag === true || flag === 1;

export interface AvailabilityInput {
  maintenance_status: Flag;
  is_suspended: Flag;
  is_rented: Flag;
  is_reservation: Flag;
  is_listed: Flag;
}

/** spec §4: a game is in maintenance when maintenance_status and is_suspended are both 1. */
export function isGameInMaintenance(game: Pick<AvailabilityInput, 'maintenance_status' | 'is_suspended'>): boolean {
  return on(game.maintenance_status) && on(game.is_suspended);
}

/** Why renting (or renewing) an account of a game in maintenance is refused (409). */
export const MSG_GAME_IN_MAINTENANCE = '游戏维护中，暂不可租';

export function listingAvailability(listing: AvailabilityInput): Availability {
  if (!on(listing.is_listed)) return 'unavailable';
  if (isGameInMaintenance(listing)) return 'maintenance';
  if (on(listing.is_rented)) return on(listing.is_reservation) ? 'appoint' : 'unavailable';
  return 'normal';
}

/** Chinese text of each state for badges and buttons. */
export const AVAILABILITY_LABEL: Readonly<Record<Availability, string>> = {
  normal: '可租',
  maintenance: '维护中',
  unavailable: '不可租',
  appoint: '可预约',
};

export interface RentalTimeRange {
  fromMin: number;
  /** Inclusive. */
  toMin: number;
}

/** 'HH:mm-HH:mm' → minutes; throws a RangeError when malformed. */
export function parseRentalTime(rentalTime: string): RentalTimeRange {
  const parts = rentalTime.split('-');
  if (parts.length !== 2) throw new RangeError(`rental_time 格式应为 HH:mm-HH:mm: "${rentalTime}"`);
  return { fromMin: parseClockMinutes(parts[0] ?? ''), toMin: parseClockMinutes(parts[1] ?? '') };
}

/** Whether the Shanghai time of `now` is inside rental_time (end minute inclusive, may cross midnight). */
export function isWithinRentalTime(rentalTime: string | null | undefined, now: Date): boolean {
  let range: RentalTimeRange;
  try {
    range = parseRentalTime(rentalTime?.trim() ? rentalTime : RENTAL_TIME_ALL_DAY);
  } catch {
    return false;
  }
  const minute = shanghaiMinuteOfDay(now);
  return range.fromMin <= range.toMin
    ? minute >= range.fromMin && minute <= range.toMin
    : minute >= range.fromMin || minute <= range.toMin;
}

export interface BookableInput {
  is_rented: Flag;
  rental_time: string | null | undefined;
  third_type: string | null | undefined;
}

export function isBookableNow(listing: BookableInput, now: Date): boolean {
  if (listing.third_type === THIRD_TYPE_UHAOZU) return true;
  if (on(listing.is_rented)) return false;
  return isWithinRentalTime(listing.rental_time, now);
}
