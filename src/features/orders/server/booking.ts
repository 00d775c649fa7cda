/**
 * The booking sequence, written once (ARCHITECTURE): every way of renting (an ordinary order, a
 * free rental, a wanted-board offer accepted) books a listing through bookListing, inside its own
 * transaction: real name, new renters' limits, hold the listing, refuse one's own, give back the windows of unpaid orders
 * past their deadline, read and check the listing, insert the order. The database's exclusion
 * constraint has the last word on the window; mappingDoubleBooking turns it into 409.
 */
import { and, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { ORDER_STATUS, RED_PACKET_STATUS } from '~/platform/config/constants';
import { MONEY_CODES } from '~/features/wallet/contract/money';
import type { ListingDetail } from '~/features/catalog/types';
import { MSG_GAME_IN_MAINTENANCE, isBookableNow } from '~/features/catalog/rules/availability';
import type { DbTx } from '~/platform/db/client';
import { SQLSTATE_DEADLOCK_DETECTED, SQLSTATE_EXCLUSION_VIOLATION, violatedConstraint } from '~/platform/db/errors';
import { listings, orders, redPackets, shops, users, type OrderRow } from '~/platform/db/schema';
import { AppError, badRequest, conflict } from '~/platform/http/errors';
import { accountDeleted } from '~/features/catalog/server';
import { realNameRequired } from '~/features/account/server';
import { newNumber } from '~/features/orders/server/order-numbers';
import { isNewRenter, newRenterRefusal } from '~/features/orders/rules/new-renter';
import { shanghaiMidnight } from '~/platform/rules/shanghai-time';
import { reopenTasksOfUnpaidOrders } from '~/features/tasks/server';

export const MSG_WINDOW_TAKEN = '该账号此时段已被租用';
export const MSG_NOT_RENTABLE = '该账号当前不可租';
export const MSG_NO_RESERVATION = '该账号不支持预约';

/** A 409 with the window-taken code: the same answer whether the constraint or a pre-check found it. */
export const windowTaken = (cause?: unknown): AppError => new AppError(MONEY_CODES.windowTaken, MSG_WINDOW_TAKEN, 409, { cause });

/** Maps the exclusion violation of any statement in `run` to 409 该账号此时段已被租用. */
export async function mappingDoubleBooking<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (violatedConstraint(error, SQLSTATE_EXCLUSION_VIOLATION) !== null) throw windowTaken(error);
    // PostgreSQL may resolve two inserts racing under an exclusion constraint as a deadlock
    // (execIndexing.c); the loser's answer is the same: the window is taken.
    if (violatedConstraint(error, SQLSTATE_DEADLOCK_DETECTED) !== null) throw windowTaken(error);
    throw error;
  }
}

/**
 * Unpaid orders of a listing past their deadline give their window back now rather than at the
 * next sweep, so a renter is never refused for a window nobody will pay for.
 */
export async function expireUnpaidOrders(tx: DbTx, now: Date, listingId?: number): Promise<number[]> {
  const expired = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.cancelled, cancelledAt: now })
    .where(
      and(
        inArray(orders.status, [ORDER_STATUS.unpaid, ORDER_STATUS.paying]),
        lte(orders.payDeadline, now),
        listingId === undefined ? undefined : eq(orders.listingId, listingId),
      ),
    )
    .returning({ id: orders.id, redPacketId: orders.redPacketId });
  await restoreEnvelopes(
    tx,
    expired.map((row) => row.redPacketId).filter((id): id is number => id !== null),
  );
  const ids = expired.map((row) => row.id);
  await reopenTasksOfUnpaidOrders(tx, ids, now);
  return ids;
}

/** Envelopes of orders that never took effect become usable again. */
export async function restoreEnvelopes(tx: DbTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(redPackets).set({ status: RED_PACKET_STATUS.unused, usedAt: null }).where(inArray(redPackets.id, ids));
}

/** Whether the listing can be rented now (or reserved): the same answers for paid and free orders. */
function assertRentable(listing: ListingDetail, reserved: boolean, now: Date): void {
  // spec §8: 账号已删除 (code -400 on continue rent) for an account that is gone from the market.
  if (!listing.is_listed) throw accountDeleted();
  if (listing.availability === 'maintenance') throw conflict(MSG_GAME_IN_MAINTENANCE);
  if (reserved) {
    if (!listing.is_reservation) throw badRequest(MSG_NO_RESERVATION);
    return;
  }
  if (listing.is_rented && listing.third_type !== 'uhaozu') throw windowTaken();
  if (!isBookableNow(listing, now)) throw conflict(MSG_NOT_RENTABLE);
}

export const MSG_OWN_LISTING = '不能租用自己店铺的账号';

/**
 * Holds the listing row (FOR KEY SHARE) for the rest of the transaction, before the listing is read,
 * and refuses a seller renting their own account (they would pay themselves through the platform:
 * 409), in one statement. A seller's state change takes the row FOR UPDATE before checking the orders
 * (sellers/server/seller-listings.ts), so the two never pass each other. Renters do not block one
 * another here (key-share locks agree); the window itself is serialised by lockListingWindows.
 */
export async function lockListingForRental(tx: DbTx, userId: number, listingId: number): Promise<void> {
  const [row] = await tx
    .select({ own: sql<boolean>`coalesce(${shops.ownerUserId} = ${userId}, false)` })
    .from(listings)
    .leftJoin(shops, eq(shops.id, listings.shopId))
    .where(eq(listings.id, listingId))
    .for('key share', { of: listings });
  if (row?.own) throw conflict(MSG_OWN_LISTING);
}

/** First key of the transaction advisory lock on one listing's rental windows (the second is the listing id). */
export const LISTING_WINDOWS_LOCK_NAMESPACE = 0x4c57;

/**
 * Serialises, per listing, every write that puts a window under orders_no_double_booking: inserting
 * a rental, paying one (unpaid → paying → paid) and extending one. Each of these adds an entry to the
 * exclusion index and checks it against the others; two such writes in flight on one listing each
 * wait for the other's transaction, which PostgreSQL breaks only after deadlock_timeout (1 s) by
 * aborting one, so twenty renters racing for one window stalled for seconds (issue 27). Under this
 * lock the next writer finds the winner's row committed and is refused at once (409).
 * Taken after every row lock of the transaction's other steps (the orders it expires, the order it
 * pays), so a holder never waits for a row another waiter holds. PGlite runs one query at a time,
 * and the lock is simply granted.
 */
export async function lockListingWindows(tx: DbTx, listingId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LISTING_WINDOWS_LOCK_NAMESPACE}::int, ${listingId}::int)`);
}

/** lockListingWindows for the listing of a rental order (a gateway notify knows the order only). */
export async function lockWindowsOfOrder(tx: DbTx, orderId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LISTING_WINDOWS_LOCK_NAMESPACE}::int, ${orders.listingId}) from ${orders} where ${orders.id} = ${orderId} and ${orders.kind} = 'rental' and ${orders.listingId} is not null`,
  );
}

/** Serialises one new renter's bookings, so two at once cannot both pass the limits. */
const NEW_RENTER_LOCK_NAMESPACE = 0x4e52;

/** What the renter checks read of the renter's account (a way of renting may read it with more). */
export interface RenterAccount {
  isRealName: boolean;
  createdAt: Date;
  hasFinishedRental: boolean;
}

/** The columns of RenterAccount, for a select of `users` (the renter's row) that reads them with its own. */
export function renterAccountColumns(userId: number) {
  return {
    isRealName: users.isRealName,
    createdAt: users.createdAt,
    hasFinishedRental: sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${userId} and ${orders.kind} = 'rental' and ${orders.status} = ${ORDER_STATUS.finished})`,
  };
}

/**
 * Who may rent, in one read of the renter (none when the caller read `known` already):
 * real-name verified (spec §6, else 403 code 1003), and new
 * renters' limits (rules/new-renter.ts): an established renter costs nothing more; a new one takes
 * a per-user lock, then counts today's rentals (those cancelled before paying do not count) and
 * the open ones (unpaid within their deadline, or paid and not ended). 409 when over.
 */
export async function refuseUnqualifiedRenter(tx: DbTx, userId: number, now: Date, known?: RenterAccount): Promise<void> {
  const account = known ?? (await tx.select(renterAccountColumns(userId)).from(users).where(eq(users.id, userId)))[0];
  if (!account?.isRealName) throw realNameRequired();
  if (!isNewRenter(account, now)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${NEW_RENTER_LOCK_NAMESPACE}::int, ${userId}::int)`);
  const dayStart = shanghaiMidnight(now);
  const [counts] = await tx
    .select({
      bookedToday: sql<number>`count(*) filter (where ${orders.createdAt} >= ${dayStart} and not (${orders.status} = ${ORDER_STATUS.cancelled} and ${orders.paidAt} is null))::int`,
      open: sql<number>`count(*) filter (where (${orders.status} in (${ORDER_STATUS.unpaid}, ${ORDER_STATUS.paying}) and ${orders.payDeadline} > ${now}) or (${orders.status} = ${ORDER_STATUS.paid} and ${orders.endsAt} > ${now}))::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.kind, 'rental'),
        or(gte(orders.createdAt, dayStart), inArray(orders.status, [ORDER_STATUS.unpaid, ORDER_STATUS.paying]), and(eq(orders.status, ORDER_STATUS.paid), gt(orders.endsAt, now))),
      ),
    );
  const refusal = newRenterRefusal({ bookedToday: Number(counts?.bookedToday ?? 0), open: Number(counts?.open ?? 0) });
  if (refusal) throw conflict(refusal);
}

/** What the way of renting decides of a new rental order; the sequence fills in the rest. */
export type BookedOrderValues = Omit<typeof orders.$inferInsert, 'orderNo' | 'kind' | 'userId' | 'listingId' | 'createdAt'>;

export interface BookingSteps<R extends { listing: ListingDetail }> {
  /** A reservation (spec §4) is checked against the listing's reservation flag, not "rentable now". */
  reserved?: boolean;
  /** The renter's account, when this way of renting read it with its own read of the renter. */
  renter?: RenterAccount;
  /** Reads the listing, and what else this way of renting needs, once the listing is held; may refuse. */
  read(tx: DbTx): Promise<R>;
  /** The order's values once the listing is rentable; may claim what the order uses (an envelope). */
  order(read: R): Promise<BookedOrderValues> | BookedOrderValues;
}

/** Books `listingId` for `userId` inside `tx` (see the top of this file); the new order's row. */
export async function bookListing<R extends { listing: ListingDetail }>(
  tx: DbTx,
  userId: number,
  listingId: number,
  now: Date,
  steps: BookingSteps<R>,
): Promise<OrderRow> {
  await refuseUnqualifiedRenter(tx, userId, now, steps.renter);
  await lockListingForRental(tx, userId, listingId);
  await expireUnpaidOrders(tx, now, listingId);
  const read = await steps.read(tx);
  assertRentable(read.listing, steps.reserved === true, now);
  const values = await steps.order(read);
  // Last, right before the insert: the reads above run in parallel for racing renters.
  await lockListingWindows(tx, listingId);
  const [inserted] = await tx
    .insert(orders)
    .values({ ...values, orderNo: newNumber('rental', now), kind: 'rental', userId, listingId, createdAt: now })
    .returning();
  return inserted!;
}
