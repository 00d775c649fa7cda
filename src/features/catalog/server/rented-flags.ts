/**
 * listings.is_rented follows the orders (spec §4 availability "rented"): a listing is rented
 * while one of its paid rentals runs. Catalogue pages read the column (and a change raises
 * catalog_version, so no process serves a stale card), so it is refreshed wherever a rental
 * starts or stops: payment, cancel, renewal, and the sweeper for starts and ends that happen
 * by the clock. Only listings that have orders are touched, so seeded demo listings that are
 * "rented elsewhere" keep their flag.
 *
 * The flag leaves updated_at alone: updated_at says when the seller or an operator last changed
 * the listing (the review queue's order and its stale-review check read it), and a rental is not
 * such a change. It also keeps the write cheap: updated_at is indexed and is_rented is not, so
 * the flip can be a heap-only update instead of touching every index of listings (the hall's
 * partial indexes and the search bigrams' GIN among them) on every payment and cancel.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import type { DbOrTx } from '~/platform/db/client';
import { listings, orders } from '~/platform/db/schema';

/** Whether one of the listing's paid rentals runs at `now`: the flag's value, as SQL on a `listings` row. */
export function runningRentalExists(now: Date) {
  return sql`exists (select 1 from ${orders} where ${orders.listingId} = ${listings.id} and ${orders.kind} = 'rental' and ${orders.status} = ${ORDER_STATUS.paid} and ${orders.startsAt} <= ${now}::timestamptz and ${orders.endsAt} > ${now}::timestamptz)`;
}

export async function refreshRentedFlags(db: DbOrTx, listingIds: number[], now: Date): Promise<void> {
  const ids = [...new Set(listingIds)];
  if (ids.length === 0) return;
  const running = runningRentalExists(now);
  await db
    .update(listings)
    .set({ isRented: running })
    .where(and(inArray(listings.id, ids), sql`${listings.isRented} is distinct from ${running}`));
}

/** Listings whose flag the clock changed since: a paid rental started, or one ended. */
export async function listingsDueForRefresh(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: orders.listingId })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(
      and(
        eq(orders.kind, 'rental'),
        eq(orders.status, ORDER_STATUS.paid),
        sql`((${orders.startsAt} <= ${now}::timestamptz and ${orders.endsAt} > ${now}::timestamptz and not ${listings.isRented}) or ${orders.endsAt} <= ${now}::timestamptz)`,
      ),
    );
  return rows.map((row) => row.id).filter((id): id is number => id !== null);
}
