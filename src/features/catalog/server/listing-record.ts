/**
 * Each listing's own record (issue 26; docs/decisions.md "Listing record"): listing_stats kept up
 * to date inside the transactions that change the facts, so no page counts orders.
 *
 * - a rental is paid (markOrderPaid) or a free rental starts (free-orders): markRentalStarted, which
 *   refreshes the listing's rented flag in the same statement;
 * - a renter files the first complaint of an order (createComplaint, which holds the order row
 *   locked, so two complaints of one order are counted once): recordComplaint;
 * - the owner answers a complaint for the first time (answerComplaint, which holds the complaint
 *   row locked): recordOwnerReply, which keeps the last reply times and stores their median;
 * - a renter reports "cannot log in" (reportLoginFailure, order row locked, one report per order)
 *   or an operator reverses the report (resolveLoginFailure, report row locked): recordLoginFailure.
 *
 * Every change is one upsert on the listing's row, so parallel rentals of different listings never
 * wait on each other and two of the same listing add up (the row lock of the update serialises them).
 * recountListingStats recounts everything from the orders (the migration's backfill, the demo seed).
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { LISTING_REPLY_SECONDS_KEPT } from '~/features/catalog/constants';
import { medianSeconds, recordFigures, withReplySeconds, type ListingRecordFigures } from '~/features/catalog/rules/listing-record';
import type { DbOrTx, DbTx } from '~/platform/db/client';
import { ID_MAX } from '~/platform/wire/common';
import { complaints, listingStats, listings } from '~/platform/db/schema';
import { runningRentalExists } from '~/features/catalog/server/rented-flags';

/**
 * A rental of the listing took effect (paid, or a free one started): its rented flag refreshed
 * (rented-flags.ts) and one more rental on its record, in one statement. The record's upsert reads
 * the flag update's result, so the listing row is written before the listing_stats row, the order
 * every other writer of both takes (a login-failure report holds the listing, then counts).
 */
export async function markRentalStarted(tx: DbTx, listingId: number, now: Date): Promise<void> {
  const running = runningRentalExists(now);
  await tx.execute(sql`
    with rented_flag as (
      update ${listings} set is_rented = ${running}
      where ${listings.id} = ${listingId} and ${listings.isRented} is distinct from ${running}
      returning 1
    )
    insert into ${listingStats} (listing_id, rentals, updated_at)
    select ${listingId}::int, 1, ${now.toISOString()}::timestamptz from (select count(*) from rented_flag) as flag_first
    on conflict (listing_id) do update set rentals = ${listingStats.rentals} + 1, updated_at = excluded.updated_at`);
}

/**
 * A complaint was just inserted on `orderId`: the order counts as complained the first time only.
 * The caller holds the order row locked (FOR UPDATE), so the count it sees is final.
 */
export async function recordComplaint(tx: DbTx, orderId: number, listingId: number, now: Date): Promise<void> {
  const [row] = await tx.select({ n: count() }).from(complaints).where(eq(complaints.orderId, orderId));
  if (Number(row?.n ?? 0) !== 1) return;
  await tx
    .insert(listingStats)
    .values({ listingId, complainedRentals: 1, updatedAt: now })
    .onConflictDoUpdate({ target: listingStats.listingId, set: { complainedRentals: sql`${listingStats.complainedRentals} + 1`, updatedAt: now } });
}

/**
 * The owner's first answer to a complaint filed at `complaintCreatedAt`: its reply time joins the
 * kept ones and the median is recomputed. The caller decides it is the first answer (it holds the
 * complaint row locked); the stats row is locked here for the read-modify-write of the array.
 */
export async function recordOwnerReply(tx: DbTx, listingId: number, complaintCreatedAt: Date, now: Date): Promise<void> {
  await tx.insert(listingStats).values({ listingId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select({ replySeconds: listingStats.replySeconds }).from(listingStats).where(eq(listingStats.listingId, listingId)).for('update');
  const kept = withReplySeconds(row?.replySeconds ?? [], (now.getTime() - complaintCreatedAt.getTime()) / 1000, LISTING_REPLY_SECONDS_KEPT);
  await tx.update(listingStats).set({ replySeconds: kept, medianReplySeconds: medianSeconds(kept), updatedAt: now }).where(eq(listingStats.listingId, listingId));
}

/**
 * A "cannot log in" report of the listing (+1), or its reversal by an operator (-1): the count is
 * of reports standing, as recountListingStats counts them. The caller holds the report's row.
 */
export async function recordLoginFailure(tx: DbTx, listingId: number, delta: 1 | -1, now: Date): Promise<void> {
  await tx
    .insert(listingStats)
    .values({ listingId, loginFailures: Math.max(0, delta), updatedAt: now })
    .onConflictDoUpdate({ target: listingStats.listingId, set: { loginFailures: sql`greatest(0, ${listingStats.loginFailures} + ${delta})`, updatedAt: now } });
}

/** The columns a card reads of listing_stats (left joined: a listing without a row has no rentals). */
export const recordSelection = {
  recordRentals: sql<number>`coalesce(${listingStats.rentals}, 0)`.mapWith(Number),
  recordComplainedRentals: sql<number>`coalesce(${listingStats.complainedRentals}, 0)`.mapWith(Number),
  recordLoginFailures: sql<number>`coalesce(${listingStats.loginFailures}, 0)`.mapWith(Number),
  recordMedianReplySeconds: listingStats.medianReplySeconds,
};

/**
 * The hall's 口碑优先 order (sort `record`): listings with a record first, then the success rate
 * (rentals without a login failure, per mille so whole-percent ties still order), then rentals.
 * Mirrors recordFigures: a listing under LISTING_RECORD_MIN_RENTALS has no rate to sort by.
 */
export function recordOrderSql(minRentals: number) {
  const rentals = sql`coalesce(${listingStats.rentals}, 0)`;
  return {
    hasRecord: sql`(${rentals} >= ${minRentals})`,
    successPermille: sql`(case when ${rentals} > 0 then ((${rentals} - least(${rentals}, coalesce(${listingStats.loginFailures}, 0))) * 1000) / ${rentals} else 0 end)`,
    rentals,
  };
}

/**
 * A shop's record: the sums over its listings (deleted ones too: their rentals happened) and the
 * median over every kept reply time of them. One shop page, one aggregate over its rows.
 */
export async function getShopRecord(db: DbOrTx, shopId: number): Promise<ListingRecordFigures> {
  // An id no row can have has no record (and must not reach the database as an error).
  if (!Number.isSafeInteger(shopId) || shopId < 1 || shopId > ID_MAX) return recordFigures({ rentals: 0, complainedRentals: 0, loginFailures: 0, medianReplySeconds: null });
  const shopListings = db.select({ id: listings.id }).from(listings).where(eq(listings.shopId, shopId));
  const [sums] = await db
    .select({
      rentals: sql<number>`coalesce(sum(${listingStats.rentals}), 0)`.mapWith(Number),
      complained: sql<number>`coalesce(sum(${listingStats.complainedRentals}), 0)`.mapWith(Number),
      failures: sql<number>`coalesce(sum(${listingStats.loginFailures}), 0)`.mapWith(Number),
    })
    .from(listingStats)
    .where(inArray(listingStats.listingId, shopListings));
  const replies = await db
    .select({ s: sql<number>`unnest(${listingStats.replySeconds})`.mapWith(Number) })
    .from(listingStats)
    .where(inArray(listingStats.listingId, shopListings));
  return recordFigures({
    rentals: sums?.rentals ?? 0,
    complainedRentals: sums?.complained ?? 0,
    loginFailures: sums?.failures ?? 0,
    medianReplySeconds: medianSeconds(replies.map((row) => row.s)),
  });
}

/** The record of one listing (the detail page reads it with the card columns; this is for tests and tools). */
export async function getListingRecord(db: DbOrTx, listingId: number): Promise<ListingRecordFigures> {
  const [row] = await db.select().from(listingStats).where(eq(listingStats.listingId, listingId));
  return recordFigures({
    rentals: row?.rentals ?? 0,
    complainedRentals: row?.complainedRentals ?? 0,
    loginFailures: row?.loginFailures ?? 0,
    medianReplySeconds: row?.medianReplySeconds ?? null,
  });
}

/**
 * Every listing's counts recounted from orders, complaints, answers and "cannot log in" reports
 * (those an operator reversed do not count). The same statement as migration 0055's backfill; the
 * demo seed calls it after inserting its orders directly, and the tests hold the incremental
 * counts against it.
 */
export async function recountListingStats(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO "listing_stats" ("listing_id", "rentals", "complained_rentals", "login_failures", "reply_seconds", "median_reply_seconds", "updated_at")
    SELECT l."id", coalesce(r."rentals", 0), coalesce(r."complained", 0), coalesce(lf."failures", 0), coalesce(rp."kept", '{}'::int[]), rp."median", ${now}::timestamptz
    FROM "listings" l
    LEFT JOIN (
      SELECT o."listing_id", count(*)::int AS "rentals",
        (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "complaints" c WHERE c."order_id" = o."id")))::int AS "complained"
      FROM "orders" o
      WHERE o."kind" = 'rental' AND o."paid_at" IS NOT NULL AND o."listing_id" IS NOT NULL
      GROUP BY o."listing_id"
    ) r ON r."listing_id" = l."id"
    LEFT JOIN (
      SELECT f."listing_id",
        array_agg(f."s" ORDER BY f."answered_at", f."complaint_id") AS "kept",
        round((percentile_cont(0.5) WITHIN GROUP (ORDER BY f."s"))::numeric)::int AS "median"
      FROM (
        SELECT o."listing_id", c."id" AS "complaint_id", fa."answered_at",
          greatest(0, round(extract(epoch FROM fa."answered_at" - c."created_at")))::int AS "s",
          row_number() OVER (PARTITION BY o."listing_id" ORDER BY fa."answered_at" DESC, c."id" DESC) AS "recent"
        FROM "complaints" c
        JOIN "orders" o ON o."id" = c."order_id"
        JOIN LATERAL (SELECT min(a."created_at") AS "answered_at" FROM "complaint_answers" a WHERE a."complaint_id" = c."id") fa ON fa."answered_at" IS NOT NULL
        WHERE o."listing_id" IS NOT NULL
      ) f
      WHERE f."recent" <= ${LISTING_REPLY_SECONDS_KEPT}
      GROUP BY f."listing_id"
    ) rp ON rp."listing_id" = l."id"
    LEFT JOIN (
      SELECT lc."listing_id", count(*)::int AS "failures"
      FROM "login_failure_cases" lc
      WHERE lc."status" <> 'reversed'
      GROUP BY lc."listing_id"
    ) lf ON lf."listing_id" = l."id"
    WHERE r."listing_id" IS NOT NULL OR rp."listing_id" IS NOT NULL OR lf."listing_id" IS NOT NULL
    ON CONFLICT ("listing_id") DO UPDATE SET
      "rentals" = excluded."rentals",
      "complained_rentals" = excluded."complained_rentals",
      "login_failures" = excluded."login_failures",
      "reply_seconds" = excluded."reply_seconds",
      "median_reply_seconds" = excluded."median_reply_seconds",
      "updated_at" = excluded."updated_at"
  `);
}
