/**
 * Demo money: VIP plans, renter01's opening balance of 500 yuan (one ledger row, so the
 * balance equals the ledger's sum from the start), login details for every demo listing, so a
 * newcomer can rent, pay and see the credentials at once, and one finished rental of renter01's
 * from a few days ago, so /account/assess has an order to review. Each part runs only where it is
 * missing; running the seed again changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEMO_OPENING_BALANCE_FEN, ORDER_STATUS } from '~/platform/config/constants';
import { quoteRental } from '~/features/orders/rules/quote';
import { shanghaiWallTime } from '~/platform/rules/shanghai-time';
import { getListingDetail } from '~/features/catalog/server';
import { setListingCredentials, newNumber } from '~/features/orders/server';
import { syncEarnings } from '~/features/sellers/server';
import { DEMO_VIP_PLANS, changeBalance, isRecorded } from '~/features/wallet/server';
import type { Db } from '~/platform/db/client';
import { games, listingCredentials, listings, orders, pageViews, payments, users, vipPlans } from '~/platform/db/schema';
import { rentalOrderValues, sandboxTradeNo, visitBefore } from '~/app/seed/rental-rows';

export const DEMO_OPENING_BALANCE_REF = 'demo:opening-balance';

export async function seedDemoMoney(db: Db, renterUsername: string): Promise<{ seeded: boolean }> {
  let seeded = false;
  const [plan] = await db.select({ id: vipPlans.id }).from(vipPlans).limit(1);
  if (!plan) {
    await db.insert(vipPlans).values([...DEMO_VIP_PLANS]);
    seeded = true;
  }
  const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, renterUsername));
  if (renter && !(await isRecorded(db, 'demo_credit', `${DEMO_OPENING_BALANCE_REF}:${renter.id}`))) {
    await db.transaction((tx) =>
      changeBalance(tx, { userId: renter.id, kind: 'demo_credit', amountFen: DEMO_OPENING_BALANCE_FEN, refNo: `${DEMO_OPENING_BALANCE_REF}:${renter.id}` }),
    );
    seeded = true;
  }
  const missing = await db
    .select({ id: listings.id })
    .from(listings)
    .leftJoin(listingCredentials, eq(listingCredentials.listingId, listings.id))
    .where(isNull(listingCredentials.listingId))
    .orderBy(sql`${listings.id}`);
  for (const { id } of missing) {
    // A readable demo password; real owners enter their own (listing management is a later issue).
    await setListingCredentials(db, id, `zh_demo_${id}`, `Zh${randomBytes(4).toString('hex')}`);
  }
  const pastRental = renter ? await seedDemoFinishedRental(db, renter.id, new Date()) : { seeded: false };
  return { seeded: seeded || missing.length > 0 || pastRental.seeded };
}

/** The demo's finished rental: an evening (20:00 Shanghai) this many days ago, at least this many hours. */
const DEMO_PAST_RENTAL_DAYS_AGO = 3;
const DEMO_PAST_RENTAL_START_HOUR = 20;
const DEMO_PAST_RENTAL_HOURS = 2;

/**
 * renter01's finished rental (status 4 已完成) of a few days ago, unless renter01 already has a
 * finished rental. Priced by the same quoteRental as a real order, with no VIP and no envelope.
 * The money stays consistent without touching the wallet: the listing asks no deposit and holds
 * no hafu coin (nothing came back to the balance at the end), and the rental was paid through the
 * sandbox Alipay (a paid payments row of the exact total), so the balance is still the 500-yuan
 * opening credit and equals the ledger's sum. The listing is one the seed shows as rented by
 * someone else now: a past window never collides with it, and no suite that books free listings
 * picks it.
 */
async function seedDemoFinishedRental(db: Db, renterId: number, now: Date): Promise<{ seeded: boolean }> {
  const hasFinishedRental = async (reader: Pick<Db, 'select'>): Promise<boolean> => {
    const [finished] = await reader
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, renterId), eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.finished)))
      .limit(1);
    return finished !== undefined;
  };
  // Every start runs the seed: answer at once when there is nothing to do.
  if (await hasFinishedRental(db)) return { seeded: false };
  const [listing] = await db
    .select({ id: listings.id })
    .from(listings)
    .innerJoin(games, eq(games.id, listings.gameId))
    .where(
      and(
        eq(listings.isListed, true),
        eq(listings.isRented, true),
        eq(listings.depositFen, 0),
        eq(listings.gameMoney, 0),
        isNull(listings.thirdType),
        eq(games.maintenanceStatus, 0),
      ),
    )
    .orderBy(listings.id)
    .limit(1);
  if (!listing) return { seeded: false };
  const startsAt = shanghaiWallTime(now, DEMO_PAST_RENTAL_START_HOUR, 0, -DEMO_PAST_RENTAL_DAYS_AGO);
  const detail = await getListingDetail(db, listing.id, startsAt);
  const quote = quoteRental({
    listing: detail,
    option: 'hourly',
    hours: Math.max(DEMO_PAST_RENTAL_HOURS, Math.ceil(detail.min_rental_period)),
    now: startsAt,
    isVip: false,
    coupons: [],
  });
  const paidAt = new Date(startsAt.getTime() + 30_000);

  return db.transaction(async (tx) => {
    // Serialises two seeders on this user (the check below then sees the other's order).
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${renterId} for update`);
    if (await hasFinishedRental(tx)) return { seeded: false };
    const [order] = await tx
      .insert(orders)
      .values(rentalOrderValues({ userId: renterId, listingId: listing.id, startsAt }, quote, true))
      .returning({ id: orders.id, createdAt: orders.createdAt });
    await tx.insert(pageViews).values(visitBefore({ userId: renterId, listingId: listing.id, createdAt: order!.createdAt }));
    await syncEarnings(tx, order!.id, now);
    await tx.insert(payments).values({
      payNo: newNumber('payment', startsAt),
      orderId: order!.id,
      userId: renterId,
      channel: 'alipay',
      amountFen: quote.totalFen,
      status: 'paid',
      gatewayTradeNo: sandboxTradeNo(),
      paidAt,
      notifyCount: 1,
      createdAt: startsAt,
    });
    return { seeded: true };
  });
}
