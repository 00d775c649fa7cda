/**
 * The demo's past and present (issue 28 "the demo seed tells a consistent story"): every figure a
 * visitor, a seller or an operator reads comes from rows the real code paths read, and nothing is
 * shown without what stands behind it.
 *
 * - Every demo review (reviews.ts plans them) was written after a finished rental of its author:
 *   a paid order of that listing, ended before the review, which the review names (order_no).
 *   So 出租次数 counts it, and the seller's earnings chart has the rent on the day it was paid.
 * - Every rental was preceded by the renter's visit, as the collector records one: the hall, the
 *   listing's detail page, the 立即租号 click, minutes before the order. So a listing's 浏览 is never
 *   below its 出租次数, and the console's funnel (hall → detail → order → paid) narrows as it should.
 * - Every listing the catalogue seeds as rented (is_rented) has a paid rental running now, by a
 *   demo player, that ends within hours; the end-of-rental sweep then frees it as it would any.
 * - The renters are the demo players (DEMO_PLAYERS), not the accounts testers sign in with, so
 *   renter01's orders and balance stay the few the other seeds give it.
 * - The money goes the way a real rental's does: paid through the sandbox Alipay (a paid payments
 *   row of the total), the deposit back to the player's wallet at the end (one ledger row), the
 *   rent split into the owner's earnings (syncEarnings) and released once the hold is over
 *   (releaseDueEarnings, one ledger row each). The ledger identity holds from the first start.
 *
 * Idempotent: nothing happens once a review exists or a demo player has an order, or when the
 * catalogue is missing. Choices are hashes of the listing id (reviews.ts `unit`), so the same
 * catalogue gets the same story; times move with the clock.
 */
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '~/platform/config/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { quoteRental } from '~/features/orders/rules/quote';
import { getListingDetail } from '~/features/catalog/server';
import { newNumber } from '~/features/orders/server';
import { hashPassword } from '~/features/sign-in/server';
import { releaseDueEarnings, syncEarnings } from '~/features/sellers/server';
import { changeBalance } from '~/features/wallet/server';
import type { Db, DbTx } from '~/platform/db/client';
import { listingReviews, listings, orders, pageViews, payments, shops, users } from '~/platform/db/schema';
import { rentalOrderValues, sandboxTradeNo, visitBefore, type OrderValues } from '~/app/seed/rental-rows';
import { planDemoReviews, unit, type DemoReviewer, type NewListingReviewRow } from '~/app/seed/reviews';
import { DEMO_PLAYERS } from '~/app/seed/players';
import { demoInviteCode } from '~/app/seed/demo';

const INSERT_CHUNK = 200;

/** A listing as the history needs it. */
export interface HistoryListing {
  id: number;
  ownerUserId: number;
  createdAt: Date;
  isRented: boolean;
  minRentalHours: number;
}

/** One rental of the plan: who, which listing, from when, how many hours (before the quote's bonus). */
export interface PlannedRental {
  listingId: number;
  userId: number;
  startsAt: Date;
  hours: number;
  /** Past rentals only: the review written after it (order_no filled in when the order exists). */
  review?: NewListingReviewRow;
}

/** A past rental ends this long before its review at least, and at most this much more. */
const REVIEW_GAP_MIN_MS = 20 * MS_PER_MINUTE;
const REVIEW_GAP_SPREAD_MS = 3 * MS_PER_HOUR;
/** A running rental started this long ago at least, and at most this much more. */
const RUNNING_ELAPSED_MIN_MS = 10 * MS_PER_MINUTE;
const RUNNING_ELAPSED_SPREAD_MS = 3 * MS_PER_HOUR;
/** Hours a running rental has left at least (so a test run never sees one end), and at most this many more. */
const RUNNING_LEFT_MIN_HOURS = 2;
const RUNNING_LEFT_SPREAD_HOURS = 4;

/**
 * The rentals behind the demo's figures, with no I/O: a past rental before each planned review
 * (reviews.ts, written by `players`), and a running one on every listing seeded as rented. The
 * same listings, players and now always give the same plan.
 */
export function planDemoHistory(historyListings: readonly HistoryListing[], players: readonly DemoReviewer[], now: Date): { past: PlannedRental[]; running: PlannedRental[] } {
  const byId = new Map(historyListings.map((listing) => [listing.id, listing]));
  const past: PlannedRental[] = [];
  for (const review of planDemoReviews(historyListings, players, now)) {
    const listing = byId.get(review.listingId)!;
    const createdAt = review.createdAt!;
    const salt = createdAt.getTime() % 997;
    const hours = Math.max(listing.minRentalHours, 1 + Math.floor(unit(listing.id, 500 + salt) * 3));
    const endsAt = createdAt.getTime() - REVIEW_GAP_MIN_MS - Math.floor(unit(listing.id, 600 + salt) * REVIEW_GAP_SPREAD_MS);
    past.push({ listingId: listing.id, userId: review.userId, startsAt: new Date(endsAt - hours * MS_PER_HOUR), hours, review });
  }
  const ordered = [...players].sort((a, b) => a.username.localeCompare(b.username));
  const running: PlannedRental[] = [];
  if (ordered.length > 0) {
    for (const listing of [...historyListings].sort((a, b) => a.id - b.id)) {
      if (!listing.isRented) continue;
      const elapsedMs = RUNNING_ELAPSED_MIN_MS + Math.floor(unit(listing.id, 700) * RUNNING_ELAPSED_SPREAD_MS);
      const hours = Math.max(listing.minRentalHours, Math.ceil(elapsedMs / MS_PER_HOUR) + RUNNING_LEFT_MIN_HOURS + Math.floor(unit(listing.id, 701) * RUNNING_LEFT_SPREAD_HOURS));
      // A minute boundary, as an order made by a person would not be to the millisecond.
      const startsAt = new Date(Math.floor((now.getTime() - elapsedMs) / MS_PER_MINUTE) * MS_PER_MINUTE);
      running.push({ listingId: listing.id, userId: ordered[Math.floor(unit(listing.id, 702) * ordered.length)]!.id, startsAt, hours });
    }
  }
  return { past, running };
}

/** Whether [start, end) meets any window of `taken`. */
function overlaps(taken: readonly [number, number][], start: number, end: number): boolean {
  return taken.some(([from, to]) => start < to && from < end);
}

async function hasHistory(db: Pick<Db, 'select'>): Promise<boolean> {
  const [review] = await db.select({ id: listingReviews.id }).from(listingReviews).limit(1);
  if (review) return true;
  const [played] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(users.username, DEMO_PLAYERS.map((player) => player.username)))
    .limit(1);
  return played !== undefined;
}

/** The demo players, inserted where missing. */
async function ensurePlayers(tx: DbTx, now: Date): Promise<DemoReviewer[]> {
  const names = DEMO_PLAYERS.map((player) => player.username);
  const have = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, names));
  const missing = DEMO_PLAYERS.filter((player) => !have.some((row) => row.username === player.username));
  if (missing.length === 0) return have;
  const hashes = await Promise.all(missing.map((player) => hashPassword(player.password)));
  const added = await tx
    .insert(users)
    .values(
      missing.map((player, index) => ({
        username: player.username,
        passwordHash: hashes[index]!,
        nickname: player.nickname,
        inviteCode: demoInviteCode(player),
        isRealName: true,
        createdAt: new Date(now.getTime() - (120 - index) * MS_PER_DAY),
      })),
    )
    .returning({ id: users.id, username: users.username });
  return [...have, ...added];
}

/**
 * The demo history (see the top of this file), unless it exists. Returns whether it inserted
 * anything; the caller recounts the listings' records afterwards (recountListingStats).
 */
export async function seedDemoHistory(db: Db, now: Date): Promise<{ seeded: boolean }> {
  if (await hasHistory(db)) return { seeded: false };
  const seeded = await db.transaction(async (tx) => {
    // Serialises two seeders; the re-check below then sees the other's rows.
    await tx.execute(sql`lock table ${listingReviews} in share row exclusive mode`);
    if (await hasHistory(tx)) return false;
    const historyListings: HistoryListing[] = await tx
      .select({ id: listings.id, ownerUserId: shops.ownerUserId, createdAt: listings.createdAt, isRented: listings.isRented, minRentalHours: listings.minRentalHours })
      .from(listings)
      .innerJoin(shops, eq(shops.id, listings.shopId));
    if (historyListings.length === 0) return false;
    const players = await ensurePlayers(tx, now);
    const plan = planDemoHistory(historyListings, players, now);

    // Windows already taken (another seed's orders: renter01's finished rental), so no two
    // rentals of one listing overlap, as the exclusion constraint would refuse.
    const ids = [...new Set([...plan.past, ...plan.running].map((rental) => rental.listingId))];
    const taken = new Map<number, [number, number][]>();
    for (const row of await tx
      .select({ listingId: orders.listingId, startsAt: orders.startsAt, endsAt: orders.endsAt })
      .from(orders)
      .where(and(inArray(orders.listingId, ids), sql`${orders.paidAt} is not null`))) {
      if (row.listingId === null || row.startsAt === null || row.endsAt === null) continue;
      taken.set(row.listingId, [...(taken.get(row.listingId) ?? []), [row.startsAt.getTime(), row.endsAt.getTime()]]);
    }
    const createdAt = new Map(historyListings.map((listing) => [listing.id, listing.createdAt.getTime()]));

    const details = new Map<number, Awaited<ReturnType<typeof getListingDetail>>>();
    const rows: { values: OrderValues; review?: NewListingReviewRow }[] = [];
    for (const [rentals, finished] of [[plan.running, false], [plan.past, true]] as const) {
      for (const rental of rentals) {
        let detail = details.get(rental.listingId);
        if (!detail) {
          detail = await getListingDetail(tx, rental.listingId, now);
          details.set(rental.listingId, detail);
        }
        const quote = quoteRental({ listing: detail, option: 'hourly', hours: rental.hours, now: rental.startsAt, isVip: false, coupons: [] });
        const start = quote.startsAt.getTime();
        const end = quote.endsAt.getTime();
        const windows = taken.get(rental.listingId) ?? [];
        // A past rental lies after the listing was made and before its review; none overlaps another.
        if (finished && (start < createdAt.get(rental.listingId)! || end > rental.review!.createdAt!.getTime())) continue;
        if (overlaps(windows, start, end)) continue;
        taken.set(rental.listingId, [...windows, [start, end]]);
        rows.push({ values: rentalOrderValues(rental, quote, finished), ...(rental.review ? { review: rental.review } : {}) });
      }
    }
    if (rows.length === 0) return false;

    const inserted: { id: number; orderNo: string; userId: number; listingId: number | null; totalFen: number; depositReturnedFen: number; createdAt: Date }[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      inserted.push(
        ...(await tx
          .insert(orders)
          .values(rows.slice(i, i + INSERT_CHUNK).map((row) => row.values))
          .returning({ id: orders.id, orderNo: orders.orderNo, userId: orders.userId, listingId: orders.listingId, totalFen: orders.totalFen, depositReturnedFen: orders.depositReturnedFen, createdAt: orders.createdAt })),
      );
    }
    const byNo = new Map(inserted.map((order) => [order.orderNo, order]));
    const paymentRows = rows.map(({ values }) => {
      const order = byNo.get(values.orderNo)!;
      return { payNo: newNumber('payment', order.createdAt), orderId: order.id, userId: order.userId, channel: 'alipay' as const, amountFen: order.totalFen, status: 'paid' as const, gatewayTradeNo: sandboxTradeNo(), paidAt: values.paidAt!, notifyCount: 1, createdAt: order.createdAt };
    });
    for (let i = 0; i < paymentRows.length; i += INSERT_CHUNK) await tx.insert(payments).values(paymentRows.slice(i, i + INSERT_CHUNK));
    const visits = inserted.flatMap((order) => (order.listingId === null ? [] : visitBefore({ ...order, listingId: order.listingId })));
    for (let i = 0; i < visits.length; i += INSERT_CHUNK) await tx.insert(pageViews).values(visits.slice(i, i + INSERT_CHUNK));
    const reviewRows = rows.flatMap(({ values, review }) => (review ? [{ ...review, orderNo: values.orderNo }] : []));
    for (let i = 0; i < reviewRows.length; i += INSERT_CHUNK) await tx.insert(listingReviews).values(reviewRows.slice(i, i + INSERT_CHUNK));
    for (const order of inserted) {
      await syncEarnings(tx, order.id, now);
      if (order.depositReturnedFen > 0) await changeBalance(tx, { userId: order.userId, kind: 'deposit_return', amountFen: order.depositReturnedFen, refNo: order.orderNo });
    }
    return true;
  });
  // Earnings whose hold is over are released now, by the same code as the sweep's, in one batch:
  // each shop hears of its demo past once (出租收益已到账), not once per 50 rentals.
  if (seeded) await releaseDueEarnings(db, now, 1_000_000);
  return { seeded };
}
