/**
 * Seed listings any renter may book right now whatever the time of day: listed, not rented, all-day
 * rental_time, not a partner mirror, game not in maintenance. Shared by the order suites and
 * scripts/bench-orders.ts so they all pick from the same pool by the same rule.
 */
import { and, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { RENTAL_TIME_ALL_DAY } from '~/lib/config/constants';
import type { Db } from '~/server/db/client';
import { games, listings } from '~/server/db/schema';

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
