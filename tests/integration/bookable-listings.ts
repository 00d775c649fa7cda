/**
 * Seed listings any renter may book right now whatever the time of day: listed, not rented, all-day
 * rental_time, not a partner mirror, game not in maintenance. Shared by the order suites and
 * scripts/bench-orders.ts so they all pick from the same pool by the same rule.
 */
import { and, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { RENTAL_TIME_ALL_DAY } from '~/platform/config/constants';
import { isBookableNow, listingAvailability } from '~/features/catalog/rules/availability';
import { availabilityRank } from '~/features/catalog/rules/listing-rank';
import type { Db } from '~/platform/db/client';
import { games, listings, type GameRow, type ListingRow } from '~/platform/db/schema';

/** The condition itself, for a query that joins games and selects more columns. */
export function bookableAllDay(): SQL {
  return and(
    eq(listings.isListed, true),
    eq(listings.isRented, false),
    eq(listings.rentalTime, RENTAL_TIME_ALL_DAY),
    isNull(listings.thirdType),
    sql`not (${games.maintenanceStatus} = 1 and ${games.isSuspended} = 1)`,
  )!;
}

/** Ids of such listings whose minimum rental is at most `maxMinHours`, in id order. */
export async function bookableListingIds(db: Db, maxMinHours: number): Promise<number[]> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .innerJoin(games, eq(games.id, listings.gameId))
    .where(and(bookableAllDay(), lte(listings.minRentalHours, maxMinHours)))
    .orderBy(listings.id);
  return rows.map((row) => row.id);
}

/** The availability rank of a seeded row at `now`, by the rules alone (spec §4, issue 12). */
export function rankOfRow(row: ListingRow, game: GameRow, now: Date): number {
  return availabilityRank({
    availability: listingAvailability({
      maintenance_status: game.maintenanceStatus === 1 ? 1 : 0,
      is_suspended: game.isSuspended === 1 ? 1 : 0,
      is_rented: row.isRented,
      is_reservation: row.isReservation,
      is_listed: row.isListed,
    }),
    bookable_now: isBookableNow({ is_rented: row.isRented, rental_time: row.rentalTime, third_type: row.thirdType }, now),
  });
}
