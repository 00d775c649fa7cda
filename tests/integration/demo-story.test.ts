/**
 * Issue 28 "figures that agree": the demo seed tells one story. Each figure a page shows is read
 * the way the page reads it, and what stands behind it is checked from the other side: no rating
 * without rentals, no 租赁中 without a running rental, no flat earnings chart, a ledger that
 * balances. On PGlite and, when DATABASE_URL_TEST is set, on PostgreSQL.
 */
import { and, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPENING_BALANCE_FEN, ORDER_STATUS } from '~/platform/config/constants';
import type { Db, TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { DEMO_USERS } from '~/app/seed/demo';
import { DEMO_PLAYERS } from '~/app/seed/players';
import { listingReviews, listingStats, listings, notifications, orders, pageViews, sellerEarnings, shops, users, wallets } from '~/platform/db/schema';
import { listingFigures } from '~/features/sellers/server/listing-figures';
import { funnelInRange } from '~/features/console/server/dashboard';
import { resolveDashboardRange } from '~/features/console/rules/dashboard-range';
import { getEarningsSummary } from '~/features/sellers/server/seller-earnings';
import { ledgerIdentity } from '~/features/sellers/server/settlement';
import { requireSeller } from '~/features/sellers/server/sellers';
import { ledgerSum } from '~/features/wallet/server/wallet';
import { TEST_DRIVERS } from './drivers';

describe.each(TEST_DRIVERS)('the demo seed on $label', ({ driver, skip }) => {
  describe.skipIf(skip)('tells one story', () => {
    let database: TestDatabase;
    let db: Db;
    const now = new Date();

    beforeAll(async () => {
      database = await openTestDatabase({ driver, seed: true });
      db = database.db;
    });
    afterAll(async () => {
      await database?.close();
    });

    it('every listing shown as rented has a paid rental running now, and every running rental shows its listing as rented', async () => {
      const running = and(eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.paid), lte(orders.startsAt, now), gt(orders.endsAt, now));
      const flagged = await db.select({ id: listings.id }).from(listings).where(eq(listings.isRented, true));
      const withRental = await db.selectDistinct({ id: orders.listingId }).from(orders).where(running);
      expect(flagged.length).toBeGreaterThan(20);
      expect(new Set(withRental.map((row) => row.id))).toEqual(new Set(flagged.map((row) => row.id)));
    });

    it('出租次数 counts the paid rentals behind it, and a rated listing was rented at least as often as it was reviewed', async () => {
      const rows = await db
        .select({
          id: listings.id,
          rentals: sql<number>`coalesce(${listingStats.rentals}, 0)::int`,
          paid: sql<number>`(select count(*)::int from ${orders} where ${orders.listingId} = ${listings.id} and ${orders.kind} = 'rental' and ${orders.paidAt} is not null)`,
          reviews: sql<number>`(select count(*)::int from ${listingReviews} where ${listingReviews.listingId} = ${listings.id})`,
        })
        .from(listings)
        .leftJoin(listingStats, eq(listingStats.listingId, listings.id));
      expect(rows.filter((row) => row.rentals !== row.paid)).toEqual([]);
      expect(rows.filter((row) => row.reviews > row.rentals)).toEqual([]);
      expect(rows.filter((row) => row.reviews > 0).length).toBeGreaterThan(50);
    });

    it("every demo player's rental followed a visit of that listing (hall, detail page, 立即租号) in one session, minutes before the order", async () => {
      const players = db.select({ id: users.id }).from(users).where(inArray(users.username, DEMO_PLAYERS.map((player) => player.username)));
      const rentals = await db
        .select({ orderNo: orders.orderNo, userId: orders.userId, listingId: orders.listingId, createdAt: orders.createdAt })
        .from(orders)
        .where(and(eq(orders.kind, 'rental'), inArray(orders.userId, players)));
      expect(rentals.length).toBeGreaterThan(50);
      const visits = await db.select({ userId: pageViews.userId, kind: pageViews.kind, name: pageViews.name, path: pageViews.path, sessionId: pageViews.sessionId, createdAt: pageViews.createdAt }).from(pageViews).where(inArray(pageViews.userId, players));
      const without = rentals.filter((rental) => {
        const before = visits.filter((visit) => visit.userId === rental.userId && visit.createdAt < rental.createdAt && rental.createdAt.getTime() - visit.createdAt.getTime() < 10 * 60_000);
        const detail = before.find((visit) => visit.kind === 'pageview' && visit.path === `/detail/${rental.listingId}.html`);
        return !detail || !before.some((visit) => visit.kind === 'click' && visit.sessionId === detail.sessionId) || !before.some((visit) => visit.name === 'zuhao' && visit.sessionId === detail.sessionId);
      });
      expect(without.map((rental) => rental.orderNo)).toEqual([]);
    });

    it('浏览 on the seller\'s rows is never below 出租次数, and the console funnel narrows from the hall to the paid renters', async () => {
      const rows = await db.select({ id: listings.id, rentals: sql<number>`coalesce(${listingStats.rentals}, 0)::int` }).from(listings).leftJoin(listingStats, eq(listingStats.listingId, listings.id));
      const figures = await listingFigures(db, rows.map((row) => row.id));
      expect(rows.filter((row) => figures.get(row.id)!.views < row.rentals).map((row) => row.id)).toEqual([]);
      expect(rows.filter((row) => row.rentals > 0 && figures.get(row.id)!.views > 0).length).toBeGreaterThan(50);
      // As the console's 数据概览 shows it by default.
      const funnel = await funnelInRange(db, resolveDashboardRange({}, now));
      expect(funnel.listing).toBeGreaterThanOrEqual(funnel.detail);
      expect(funnel.detail).toBeGreaterThanOrEqual(funnel.checkout);
      expect(funnel.checkout).toBeGreaterThanOrEqual(funnel.paid);
      expect(funnel.paid).toBeGreaterThan(0);
    });

    it('every review names a finished rental of its author on that listing, ended before it was written', async () => {
      const rows = await db
        .select({ reviewer: listingReviews.userId, listingId: listingReviews.listingId, writtenAt: listingReviews.createdAt, renter: orders.userId, rented: orders.listingId, status: orders.status, endsAt: orders.endsAt })
        .from(listingReviews)
        .leftJoin(orders, eq(orders.orderNo, listingReviews.orderNo));
      const odd = rows.filter((row) => row.renter !== row.reviewer || row.rented !== row.listingId || row.status !== ORDER_STATUS.finished || row.endsAt! > row.writtenAt);
      expect(odd).toEqual([]);
    });

    it('every shop earned on many of the last 30 days, on the chart the seller sees', async () => {
      const owners = await db.select({ userId: shops.ownerUserId, name: shops.name }).from(shops);
      for (const owner of owners) {
        const summary = await getEarningsSummary(db, await requireSeller(db, owner.userId), now);
        const days = summary.series.filter((day) => day.earned_fen > 0).length;
        expect({ shop: owner.name, enough: days >= 5 }).toEqual({ shop: owner.name, enough: true });
      }
    });

    it('each shop hears of its released demo earnings once, with the count and sum that were released', async () => {
      const owners = await db.select({ userId: shops.ownerUserId }).from(shops);
      for (const { userId } of owners) {
        const told = await db.select({ params: notifications.params }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'seller_earnings')));
        const [released] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(sellerEarnings)
          .where(and(eq(sellerEarnings.sellerUserId, userId), eq(sellerEarnings.status, 'released')));
        expect(told).toHaveLength(1);
        expect(Number((told[0]!.params as { order_count?: unknown }).order_count)).toBe(released!.n);
      }
    });

    it('the money balances: the ledger identity holds and every wallet equals its ledger', async () => {
      const identity = await ledgerIdentity(db);
      expect(identity).toMatchObject({ holds: true, mismatchedOrders: 0 });
      expect(identity.orders).toBeGreaterThan(300);
      for (const wallet of await db.select({ userId: wallets.userId, balanceFen: wallets.balanceFen }).from(wallets)) {
        expect({ user: wallet.userId, balance: wallet.balanceFen }).toEqual({ user: wallet.userId, balance: await ledgerSum(db, wallet.userId) });
      }
    });

    it("the renters are the demo players: the testers' renter01 keeps its one finished rental and its opening balance", async () => {
      const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERS.renter.username));
      const renterOrders = await db.select({ status: orders.status }).from(orders).where(eq(orders.userId, renter!.id));
      expect(renterOrders).toEqual([{ status: ORDER_STATUS.finished }]);
      expect(await ledgerSum(db, renter!.id)).toBe(DEMO_OPENING_BALANCE_FEN);
      const players = await db.select({ id: users.id }).from(users).where(inArray(users.username, DEMO_PLAYERS.map((player) => player.username)));
      expect(players).toHaveLength(DEMO_PLAYERS.length);
      const [byPlayers] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(inArray(orders.userId, players.map((player) => player.id)), isNotNull(orders.paidAt)));
      const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(isNotNull(orders.paidAt));
      expect(byPlayers!.n).toBe(all!.n - 1);
    });
  });
});
