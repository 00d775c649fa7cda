/**
 * The free days ahead of a listing (the detail page's 档期): the windows its rentals hold over the
 * coming DAYS_AHEAD days, read through the gist index of the double-booking constraint, turned
 * into free stretches by rules/days-ahead.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MS_PER_DAY, ORDER_STATUS } from '~/platform/config/constants';
import type { DbOrTx } from '~/platform/db/client';
import { listings, orders } from '~/platform/db/schema';
import { accountDeleted } from '~/features/catalog/server';
import { DAYS_AHEAD } from '~/features/orders/constants';
import { daysAhead, type DaysAheadView } from '~/features/orders/rules/days-ahead';

/** The statuses whose window the double-booking constraint holds (migration 0011). */
const HOLDING_STATUSES = [ORDER_STATUS.unpaid, ORDER_STATUS.paying, ORDER_STATUS.paid];

export async function listingDaysAhead(db: DbOrTx, listingId: number, now: Date): Promise<DaysAheadView> {
  const [listing] = await db
    .select({ rentalTime: listings.rentalTime, isRented: listings.isRented, isListed: listings.isListed })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) throw accountDeleted();
  const until = new Date(now.getTime() + (DAYS_AHEAD + 1) * MS_PER_DAY);
  const held = await db
    .select({ start: orders.startsAt, end: orders.endsAt })
    .from(orders)
    .where(
      and(
        eq(orders.listingId, listingId),
        eq(orders.kind, 'rental'),
        inArray(orders.status, HOLDING_STATUSES),
        sql`tstzrange(${orders.startsAt}, ${orders.endsAt}, '[)') && tstzrange(${now}::timestamptz, ${until}::timestamptz, '[)')`,
      ),
    );
  const windows = held.flatMap((row) => (row.start && row.end ? [{ start: row.start, end: row.end }] : []));
  return {
    listed: listing.isListed,
    days: listing.isListed ? daysAhead({ now, rentalTime: listing.rentalTime, held: windows, rentedNow: listing.isRented }) : [],
  };
}
