/**
 * Free orders (spec §7 free "create order" and "orders"; the spec shows no limits or prices, so
 * the rules are ours, docs/decisions.md "Free orders").
 *
 * A free order is a rental order like any other (kind rental, hourly, the offer's free_hours from
 * now) that costs nothing, asks no deposit and needs no payment: it is written already paid
 * (status 3), and the listing is marked rented by the same markRentalStarted as a payment is,
 * so the credentials, the countdown, cancel, renewal and the end-of-rental sweep treat it exactly
 * like a paid rental. Its window is held by the same exclusion constraint, so a free order and a
 * paid one can never share a window (409 code 1006).
 *
 * The daily allowance (FREE_RENTALS_PER_DAY per Shanghai day, counted by freeCount) holds under
 * concurrency because the user's row is locked FOR NO KEY UPDATE before the count: a user's free
 * orders are created one after another, on any number of processes, while inserts that merely
 * reference the user (their FOR KEY SHARE) are not held up.
 */
import { and, count, eq, gt, lte } from 'drizzle-orm';
import type { OrderView, Page } from '~/features/wallet/contract/money';
import { MS_PER_HOUR, ORDER_STATUS, RENTAL_ID } from '~/platform/config/constants';
import {
  FREE_RENTALS_PER_DAY,
  MSG_FREE_COUPON_NOT_FREE_LISTING,
  MSG_FREE_DAILY_LIMIT_REACHED,
  MSG_FREE_DAILY_LIMIT_USE_COUPON,
  MSG_FREE_OFFER_INACTIVE,
} from '~/features/free/constants';
import { couponRentalHours } from '~/features/free/rules/free-coupon';
import { claimFreeCoupon, holdsFreeCoupon } from '~/features/free/server/free-coupons';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { freeOffers, orders, users } from '~/platform/db/schema';
import { badRequest, conflict } from '~/platform/http/errors';
import type { FreeOrderRequest, FreeOrdersQuery } from '~/features/free/wire';
import { getListingDetail, markRentalStarted } from '~/features/catalog/server';
import { countFreeOrdersToday } from '~/features/free/server/free-rentals';
import { withIdempotency } from '~/platform/db/idempotency';
import { loadOrderRecords, orderViewById, toOrderView, bookListing, mappingDoubleBooking, type BookedOrderValues } from '~/features/orders/server';
import { orderPaidNotice } from '~/features/notifications/server';
import { openRentalEarnings } from '~/features/sellers/server';

interface RunningOffer {
  id: number;
  freeHours: number;
}

/** The listing's offer whose window holds `now` (start inclusive, end exclusive, as the /free list). */
async function offerRunningAt(tx: DbTx, listingId: number, now: Date): Promise<RunningOffer | null> {
  const [offer] = await tx
    .select({ id: freeOffers.id, freeHours: freeOffers.freeHours })
    .from(freeOffers)
    .where(and(eq(freeOffers.listingId, listingId), lte(freeOffers.startsAt, now), gt(freeOffers.endsAt, now)));
  return offer ?? null;
}

/** Takes the user's row so that this user's free orders are counted and written one at a time. */
async function serializeFreeOrdersOf(tx: DbTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * POST free/createOrder for the signed-in user: 403 code 1003 without real-name verification, the
 * listing's own answers as renting gives them (-400 账号已删除, 409 维护中 / code 1006 rented), 400
 * without an offer running now, 409 once the day's free rentals are used, 409 code 1006 when
 * another rental holds any part of the window. Idempotency-Key as order/create.
 */
export async function createFreeOrder(db: Db, userId: number, request: FreeOrderRequest, key: string | null, now: Date): Promise<OrderView> {
  return mappingDoubleBooking(() =>
    withIdempotency(db, { userId, scope: 'free.create', key, request }, async (tx) => {
      await serializeFreeOrdersOf(tx, userId);
      const couponId = request.coupon_id ?? null;
      const inserted = await bookListing(tx, userId, request.account_id, now, {
        read: async (tx) => {
          const listing = await getListingDetail(tx as Db, request.account_id, now);
          const offer = await offerRunningAt(tx, listing.id, now);
          if (!offer) throw badRequest(couponId === null ? MSG_FREE_OFFER_INACTIVE : MSG_FREE_COUPON_NOT_FREE_LISTING);
          // A coupon rental leaves the day's allowance alone (docs/decisions.md "Free-rental coupons").
          if (couponId === null && (await countFreeOrdersToday(tx, userId, now)) >= FREE_RENTALS_PER_DAY) {
            throw conflict((await holdsFreeCoupon(tx, userId, now)) ? MSG_FREE_DAILY_LIMIT_USE_COUPON : MSG_FREE_DAILY_LIMIT_REACHED);
          }
          return { listing, offer };
        },
        order: async ({ offer }) => {
          // Claimed here, once the listing is rentable: a refusal after the claim rolls it back too.
          const coupon = couponId === null ? null : await claimFreeCoupon(tx, userId, couponId, now);
          const hours = coupon === null ? offer.freeHours : couponRentalHours(coupon.hours, offer.freeHours);
          return freeOrderValues(offer.id, hours, coupon?.id ?? null, now);
        },
      });
      // Rented now, and a rental of the listing's record too (paid from the start).
      await markRentalStarted(tx, inserted.listingId!, now);
      // The renter's 免费租号成功 and the owner's 账号已被租用 in one insert.
      await openRentalEarnings(tx, inserted, now, [orderPaidNotice(inserted, now)]);
      return orderViewById(tx, inserted.id, now);
    }),
  );
}

/** A free order's values: an hourly rental of `hours` from now, nothing to pay, no deposit, running at once. */
function freeOrderValues(offerId: number, hours: number, couponId: number | null, now: Date): BookedOrderValues {
  return {
    status: ORDER_STATUS.paid,
    rentalId: RENTAL_ID.hourly,
    rentalOption: 'hourly',
    hours,
    startsAt: now,
    endsAt: new Date(now.getTime() + hours * MS_PER_HOUR),
    originalFen: 0,
    payFen: 0,
    depositFen: 0,
    totalFen: 0,
    // Nothing to pay: no deadline ahead, paid (and so running) from the start.
    payDeadline: now,
    paidAt: now,
    isFree: true,
    freeOfferId: offerId,
    // The coupon that paid it (a red_packets row of type 3); null: the day's allowance.
    redPacketId: couponId,
  };
}

/** GET free/orders: the user's free orders, newest first, whatever their status. */
export async function listFreeOrders(db: DbOrTx, userId: number, query: FreeOrdersQuery, now: Date): Promise<Page<OrderView>> {
  const where = and(eq(orders.userId, userId), eq(orders.isFree, true));
  const [records, [total]] = await Promise.all([
    loadOrderRecords(db, where, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { list: records.map((record) => toOrderView(record, now)), total: total?.value ?? 0, page: query.page, page_size: query.page_size };
}
