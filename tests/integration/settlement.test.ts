/**
 * Settlement (issue 13 "Orders, earnings, payouts" and "Tests": settlement and the ledger identity
 * after many rentals, cancels and refunds), through the services the endpoints call with a `now`
 * the test controls, on an in-memory PGlite and, when DATABASE_URL_TEST is set, a fresh
 * PostgreSQL; the race at the end runs on PostgreSQL only (PGlite runs one query at a time).
 *
 * Every case rents its own seeded listings with its own renters, and sets the listing's price so
 * the expected split is written out by hand: commission = (rent − refunds) × rate, half up.
 */
import type { APIContext } from 'astro';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '~/features/wallet/client/money';
import type { Db } from '~/platform/db/client';
import { complaints, freeOffers, games, listings, orders, sellerEarnings, shops, users, walletLedger, wallets } from '~/platform/db/schema';
import { confirmSandboxTrade, sandboxNotifyParams } from '~/platform/providers/payment/sandbox';
import { createFreeOrder } from '~/features/free/server/free-orders';
import { cancelOrder, renewOrder, sweepOrders } from '~/features/orders/server/order-lifecycle';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { ledgerIdentity, releaseDueEarnings } from '~/features/sellers/server/settlement';
import { writeSetting } from '~/features/content/server/site-settings';
import { createUser } from '~/features/account/server/users';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { POST as notifyRoute } from '~/pages/api/v1/pay/notify/[channel]';
import { checkLedger } from '../../scripts/ledger-check';
import { giveRentalHistory } from '../../scripts/renter-history';
import { bookableAllDay } from './bookable-listings';
import { TEST_DRIVERS } from './drivers';
import { suiteContext, useSuiteDatabase } from './route-context';
import { settle, type Outcome } from './settle';

const HOUR = 3_600_000;
const SITE = { origin: 'http://localhost' };
/** The defaults: individual owner 10 %, store 8 %, merchant 6 %; 24 h complaint window. */
const DEFAULT_BPS: Record<0 | 1 | 2, number> = { 0: 1_000, 1: 800, 2: 600 };
const DEFAULT_HOLD_HOURS = 24;
const pgUrl = process.env['DATABASE_URL_TEST'];

let serial = 0;

/** The commission the issue asks for, in integers: half up at the fen. */
const commissionOf = (netFen: number, bps: number): number => Math.floor((netFen * bps + 5_000) / 10_000);

interface PoolListing {
  id: number;
  shopId: number;
  sellerUserId: number;
  certType: 0 | 1 | 2;
  minRentalHours: number;
}

/** The suite's fixtures over one seeded database. */
function fixtures(getDb: () => Db) {
  let pool: PoolListing[] = [];
  const db = (): Db => getDb();

  async function loadPool(): Promise<void> {
    const rows = await db()
      .select({ id: listings.id, shopId: listings.shopId, sellerUserId: shops.ownerUserId, certType: shops.certType, minRentalHours: listings.minRentalHours })
      .from(listings)
      .innerJoin(games, eq(games.id, listings.gameId))
      .innerJoin(shops, eq(shops.id, listings.shopId))
      .where(and(bookableAllDay(), sql`${listings.minRentalHours} <= 3`))
      .orderBy(listings.id);
    pool = rows.map((row) => ({ ...row, certType: row.certType as 0 | 1 | 2 }));
  }

  /** A seeded listing nobody else rents, priced `rentalFen` an hour with `depositFen`, no discount. */
  async function takeListing(rentalFen: number, options: { depositFen?: number; certType?: 0 | 1 | 2; shopId?: number } = {}): Promise<PoolListing> {
    const index = pool.findIndex((listing) => (options.certType === undefined || listing.certType === options.certType) && (options.shopId === undefined || listing.shopId === options.shopId));
    if (index < 0) throw new Error(`the demo seed has no bookable listing left (cert_type ${options.certType ?? 'any'}, shop ${options.shopId ?? 'any'})`);
    const listing = pool.splice(index, 1)[0]!;
    await db()
      .update(listings)
      .set({ rentalFen, depositFen: options.depositFen ?? 0, activityDiscount: null, isUseVipDiscount: false, promoRentalHours: null, promoBonusHours: null })
      .where(eq(listings.id, listing.id));
    return listing;
  }

  /** Up to `n` listings nobody else rents (prices left to the caller). */
  function takeMany(n: number): PoolListing[] {
    return pool.splice(0, n);
  }

  async function freshUser(balanceFen = 0): Promise<number> {
    const id = await db().transaction((tx) => createUser(tx, { username: `settle_${(serial += 1)}`, nickname: '结算测试' }, new Date()));
    if (id === null) throw new Error('username taken');
    await db().update(users).set({ isRealName: true }).where(eq(users.id, id));
    if (balanceFen > 0) await db().transaction((tx) => changeBalance(tx, { userId: id, kind: 'demo_credit', amountFen: balanceFen, refNo: `settle-credit-${(serial += 1)}` }));
    return id;
  }

  /** Create and pay from the wallet at `now`, no red envelope unless told. */
  async function rentAndPay(userId: number, listing: PoolListing, now: Date, more: { hours?: number; reserved?: boolean; red_packet_id?: number | null } = {}): Promise<OrderView> {
    const order = await createOrder(db(), userId, { account_id: listing.id, option: 'hourly', hours: more.hours ?? listing.minRentalHours, red_packet_id: null, ...more }, null, now);
    const paid = await payOrder(db(), userId, { order_no: order.order_no, channel: 'wallet' }, null, SITE, now);
    if (!paid.paid) throw new Error('wallet payment did not pay');
    return paid.order;
  }

  async function orderRow(orderNo: string) {
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    return row!;
  }

  async function earningOf(orderNo: string) {
    const [row] = await db()
      .select({ earning: sellerEarnings })
      .from(sellerEarnings)
      .innerJoin(orders, eq(orders.id, sellerEarnings.orderId))
      .where(eq(orders.orderNo, orderNo));
    return row?.earning ?? null;
  }

  async function releaseRows(orderNo: string) {
    return db()
      .select({ userId: walletLedger.userId, amountFen: walletLedger.amountFen })
      .from(walletLedger)
      .where(and(eq(walletLedger.kind, 'earning_release'), eq(walletLedger.refNo, orderNo)));
  }

  async function expectIdentityHolds(): Promise<void> {
    const identity = await ledgerIdentity(db());
    expect(identity).toMatchObject({ holds: true, mismatchedOrders: 0 });
    expect(identity.rentPaidFen).toBe(identity.sellerFen + identity.commissionFen + identity.refundedFen);
    expect(identity.releasedFen).toBe(identity.releasedLedgerFen);
  }

  return { loadPool, takeListing, takeMany, freshUser, rentAndPay, orderRow, earningOf, releaseRows, expectIdentityHolds };
}

async function deliver(channel: string, params: Record<string, string>): Promise<string> {
  const request = new Request(`http://localhost/api/v1/pay/notify/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(params).toString(),
  });
  const response = await notifyRoute({ request, params: { channel }, url: new URL(request.url), locals: suiteContext.locals() } as unknown as APIContext);
  return `${response.status} ${await response.text()}`;
}

describe.each(TEST_DRIVERS)('settlement on $label', ({ driver, skip }) => {
  let db: Db;
  const f = fixtures(() => db);

  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    await f.loadPool();
  });

  describe.skipIf(skip)('cases', () => {
    it('the seeded demo already satisfies the identity (the seed writes its rentals through syncEarnings)', async () => {
      await f.expectIdentityHolds();
      expect((await ledgerIdentity(db)).orders).toBeGreaterThan(0);
    });

    it.each([0, 1, 2] as const)('a wallet-paid rental of a cert_type %i shop is frozen earnings of its owner: rent minus the default commission, the deposit apart', async (certType) => {
      const listing = await f.takeListing(1_005, { depositFen: 700, certType });
      const renter = await f.freshUser(100_000);
      const now = new Date();
      const order = await f.rentAndPay(renter, listing, now, { hours: 3 });
      const rentFen = 1_005 * 3;
      expect(order.total_fen).toBe(rentFen + 700);

      const earning = await f.earningOf(order.order_no);
      const bps = DEFAULT_BPS[certType];
      expect(earning).toMatchObject({
        sellerUserId: listing.sellerUserId,
        listingId: listing.id,
        certType,
        commissionBps: bps,
        rentFen,
        refundedFen: 0,
        commissionFen: commissionOf(rentFen, bps),
        sellerFen: rentFen - commissionOf(rentFen, bps),
        status: 'frozen',
        endedAt: null,
        releaseAt: null,
        releasedAt: null,
      });
      expect(earning!.paidAt).toEqual(now);
      await f.expectIdentityHolds();
    });

    it('a gateway-paid rental (the signed notify marks it paid) gets the same earnings row; the deposit stays out', async () => {
      const listing = await f.takeListing(2_000, { depositFen: 5_000 });
      const renter = await f.freshUser();
      const now = new Date();
      const order = await createOrder(db, renter, { account_id: listing.id, option: 'hourly', hours: listing.minRentalHours, red_packet_id: null }, null, now);
      const checkout = await payOrder(db, renter, { order_no: order.order_no, channel: 'alipay' }, null, SITE, now);
      if (checkout.paid) throw new Error('expected a gateway checkout');
      expect(await f.earningOf(order.order_no)).toBeNull();

      const trade = await confirmSandboxTrade(db, checkout.pay_no, now);
      expect(await deliver('alipay', await sandboxNotifyParams(db, trade!, now))).toBe('200 success');
      // A replayed notify changes nothing.
      expect(await deliver('alipay', await sandboxNotifyParams(db, trade!, now))).toBe('200 success');

      const rentFen = 2_000 * listing.minRentalHours;
      const bps = DEFAULT_BPS[listing.certType];
      expect(await f.earningOf(order.order_no)).toMatchObject({ rentFen, refundedFen: 0, commissionBps: bps, commissionFen: commissionOf(rentFen, bps), status: 'frozen' });
      await f.expectIdentityHolds();
    });

    it('a renewal adds its rent to the base and the commission is taken on the sum, half up once (not per payment)', async () => {
      // 3 h at 1.05 with 10 %: 315 → 31.5 fen; 2 more hours: 525 → 52.5 fen, where 32 + 21 would be 53.
      const listing = await f.takeListing(105, { certType: 0 });
      const renter = await f.freshUser(100_000);
      const start = new Date();
      const order = await f.rentAndPay(renter, listing, start, { hours: 3 });
      expect(await f.earningOf(order.order_no)).toMatchObject({ rentFen: 315, commissionFen: 32, sellerFen: 283 });

      await renewOrder(db, renter, { order_no: order.order_no, hours: 2 }, null, new Date(start.getTime() + HOUR));
      const row = await f.orderRow(order.order_no);
      expect(row.payFen).toBe(525);
      expect(await f.earningOf(order.order_no)).toMatchObject({ rentFen: 525, refundedFen: 0, commissionFen: 53, sellerFen: 472, status: 'frozen', endedAt: null, releaseAt: null });
      await f.expectIdentityHolds();
    });

    it('a cancel 1.5 h into 3 hours refunds the hour not begun (spec §4 as read): the base shrinks before commission, release = cancel + 24 h', async () => {
      const listing = await f.takeListing(1_000, { depositFen: 300, certType: 1 });
      const renter = await f.freshUser(100_000);
      const start = new Date();
      const order = await f.rentAndPay(renter, listing, start, { hours: 3 });
      const cancelAt = new Date(start.getTime() + 1.5 * HOUR);
      await cancelOrder(db, renter, order.order_no, cancelAt);

      const row = await f.orderRow(order.order_no);
      expect(row).toMatchObject({ payFen: 3_000, refundFen: 1_000, depositReturnedFen: 300 });
      expect(await f.earningOf(order.order_no)).toMatchObject({
        rentFen: 3_000,
        refundedFen: 1_000,
        commissionFen: 160, // 8 % of 2000
        sellerFen: 1_840,
        status: 'frozen',
        endedAt: cancelAt,
        releaseAt: new Date(cancelAt.getTime() + DEFAULT_HOLD_HOURS * HOUR),
      });
      await f.expectIdentityHolds();
    });

    it('a booking cancelled more than 5 h before its start is refunded in full: nothing to release and no ledger row', async () => {
      const listing = await f.takeListing(800);
      await db.update(listings).set({ isReservation: true }).where(eq(listings.id, listing.id));
      const renter = await f.freshUser(100_000);
      const now = new Date();
      const order = await f.rentAndPay(renter, listing, now, { reserved: true });
      // as a slot booked hours ahead: the same rental, starting 6 h later
      const booked = await f.orderRow(order.order_no);
      await db
        .update(orders)
        .set({ startsAt: new Date(booked.startsAt!.getTime() + 6 * HOUR), endsAt: new Date(booked.endsAt!.getTime() + 6 * HOUR) })
        .where(eq(orders.orderNo, order.order_no));
      const cancelAt = new Date(now.getTime() + 10 * 60_000);
      await cancelOrder(db, renter, order.order_no, cancelAt);
      expect(await f.earningOf(order.order_no)).toMatchObject({ refundedFen: 800 * listing.minRentalHours, commissionFen: 0, sellerFen: 0, status: 'frozen' });

      const sellerBefore = await readWallet(db, listing.sellerUserId);
      await releaseDueEarnings(db, new Date(cancelAt.getTime() + DEFAULT_HOLD_HOURS * HOUR));
      expect(await f.earningOf(order.order_no)).toMatchObject({ status: 'released', sellerFen: 0 });
      expect(await f.releaseRows(order.order_no)).toEqual([]);
      expect((await readWallet(db, listing.sellerUserId)).balanceFen).toBeGreaterThanOrEqual(sellerBefore.balanceFen);
      await f.expectIdentityHolds();
    });

    it('the finish sweep sets release_at = ends + seller.earnings_hold_hours (48 h after writeSetting), and a later change of the setting does not move it', async () => {
      const listing = await f.takeListing(1_000, { certType: 2 });
      const renter = await f.freshUser(100_000);
      const start = new Date();
      const order = await f.rentAndPay(renter, listing, start, { hours: 2 });
      const row = await f.orderRow(order.order_no);
      await writeSetting(db, 'seller.earnings_hold_hours', 48);
      try {
        const sweptAt = new Date(row.endsAt!.getTime() + 60_000);
        await sweepOrders(db, sweptAt);
        const earning = await f.earningOf(order.order_no);
        expect((await f.orderRow(order.order_no)).status).toBe(4);
        expect(earning).toMatchObject({ rentFen: 2_000, commissionFen: 120, sellerFen: 1_880, status: 'frozen', endedAt: sweptAt });
        expect(earning!.releaseAt).toEqual(new Date(sweptAt.getTime() + 48 * HOUR));

        await writeSetting(db, 'seller.earnings_hold_hours', 1);
        // Still held at 24 h: the release time was fixed when the rental ended.
        await releaseDueEarnings(db, new Date(sweptAt.getTime() + 24 * HOUR));
        expect(await f.earningOf(order.order_no)).toMatchObject({ status: 'frozen', releaseAt: new Date(sweptAt.getTime() + 48 * HOUR) });
        await releaseDueEarnings(db, new Date(sweptAt.getTime() + 48 * HOUR));
        expect(await f.earningOf(order.order_no)).toMatchObject({ status: 'released' });
      } finally {
        await writeSetting(db, 'seller.earnings_hold_hours', DEFAULT_HOLD_HOURS);
      }
      await f.expectIdentityHolds();
    });

    it('releaseDueEarnings: nothing a millisecond before the hold ends, then one earning_release row on the seller’s wallet; run twice it releases once', async () => {
      const listing = await f.takeListing(1_234, { depositFen: 100, certType: 0 });
      const renter = await f.freshUser(100_000);
      const start = new Date();
      const order = await f.rentAndPay(renter, listing, start, { hours: 3 });
      const endsAt = (await f.orderRow(order.order_no)).endsAt!;
      await sweepOrders(db, endsAt);
      const releaseAt = new Date(endsAt.getTime() + DEFAULT_HOLD_HOURS * HOUR);
      expect((await f.earningOf(order.order_no))!.releaseAt).toEqual(releaseAt);
      // 3 h at 12.34: 3702 fen; 10 % is 370.2 → 370; the seller gets 3332.

      await releaseDueEarnings(db, new Date(releaseAt.getTime() - 1));
      expect(await f.earningOf(order.order_no)).toMatchObject({ status: 'frozen', releasedAt: null });
      expect(await f.releaseRows(order.order_no)).toEqual([]);

      const before = (await readWallet(db, listing.sellerUserId)).balanceFen;
      await releaseDueEarnings(db, releaseAt);
      await releaseDueEarnings(db, new Date(releaseAt.getTime() + HOUR));
      expect(await f.earningOf(order.order_no)).toMatchObject({ status: 'released', releasedAt: releaseAt, sellerFen: 3_332 });
      expect(await f.releaseRows(order.order_no)).toEqual([{ userId: listing.sellerUserId, amountFen: 3_332 }]);
      const after = (await readWallet(db, listing.sellerUserId)).balanceFen;
      expect(after).toBeGreaterThanOrEqual(before + 3_332);
      expect(after).toBe(await ledgerSum(db, listing.sellerUserId));
      await f.expectIdentityHolds();
    });

    it('an open complaint (status 1) holds the release until it is handled', async () => {
      const listing = await f.takeListing(1_000);
      const renter = await f.freshUser(100_000);
      const start = new Date();
      const order = await f.rentAndPay(renter, listing, start, { hours: 3 });
      const row = await f.orderRow(order.order_no);
      const [complaint] = await db.insert(complaints).values({ userId: renter, orderId: row.id, type: 1, content: '账号无法登录' }).returning({ id: complaints.id });
      await sweepOrders(db, row.endsAt!);
      const due = new Date(row.endsAt!.getTime() + DEFAULT_HOLD_HOURS * HOUR);

      await releaseDueEarnings(db, new Date(due.getTime() + 7 * 24 * HOUR));
      expect(await f.earningOf(order.order_no)).toMatchObject({ status: 'frozen' });
      expect(await f.releaseRows(order.order_no)).toEqual([]);

      await db.update(complaints).set({ status: 2, reply: '已处理' }).where(eq(complaints.id, complaint!.id));
      const later = new Date(due.getTime() + 8 * 24 * HOUR);
      await releaseDueEarnings(db, later);
      const earning = await f.earningOf(order.order_no);
      expect(earning).toMatchObject({ status: 'released', releasedAt: later });
      expect(await f.releaseRows(order.order_no)).toEqual([{ userId: listing.sellerUserId, amountFen: earning!.sellerFen }]);
      await f.expectIdentityHolds();
    });

    it('the commission rate is fixed at payment: a later change of the setting or of the shop’s cert_type moves neither a renewal nor the cancel; a new payment takes the new rate', async () => {
      const listing = await f.takeListing(1_000, { certType: 0 });
      const second = await f.takeListing(1_000, { shopId: listing.shopId });
      const renter = await f.freshUser(100_000);
      const start = new Date();
      const order = await f.rentAndPay(renter, listing, start, { hours: 3 });
      expect(await f.earningOf(order.order_no)).toMatchObject({ certType: 0, commissionBps: 1_000, commissionFen: 300 });

      await writeSetting(db, 'seller.commission_bps', { 0: 2_000, 1: 1_500, 2: 1_200 });
      await db.update(shops).set({ certType: 2 }).where(eq(shops.id, listing.shopId));
      try {
        await renewOrder(db, renter, { order_no: order.order_no, hours: 1 }, null, new Date(start.getTime() + HOUR));
        expect(await f.earningOf(order.order_no)).toMatchObject({ certType: 0, commissionBps: 1_000, rentFen: 4_000, commissionFen: 400, sellerFen: 3_600 });
        await cancelOrder(db, renter, order.order_no, new Date(start.getTime() + 1.5 * HOUR));
        // 50 % of 4000 back; 10 % of the 2000 left.
        expect(await f.earningOf(order.order_no)).toMatchObject({ certType: 0, commissionBps: 1_000, refundedFen: 2_000, commissionFen: 200, sellerFen: 1_800 });

        // A payment after the change: the shop is a merchant now, at the new merchant rate.
        const other = await f.rentAndPay(await f.freshUser(100_000), second, start, { hours: 3 });
        expect(await f.earningOf(other.order_no)).toMatchObject({ certType: 2, commissionBps: 1_200, commissionFen: 360, sellerFen: 2_640 });
      } finally {
        await writeSetting(db, 'seller.commission_bps', DEFAULT_BPS);
        await db.update(shops).set({ certType: 0 }).where(eq(shops.id, listing.shopId));
      }
      await f.expectIdentityHolds();
    });

    it('a free rental (pay 0) has an earnings row of 0 and is released without a ledger row', async () => {
      const listing = await f.takeListing(1_000);
      const renter = await f.freshUser();
      const now = new Date();
      await db.insert(freeOffers).values({ listingId: listing.id, freeHours: 2, startsAt: new Date(now.getTime() - HOUR), endsAt: new Date(now.getTime() + 24 * HOUR) });
      const order = await createFreeOrder(db, renter, { account_id: listing.id }, null, now);
      expect(await f.earningOf(order.order_no)).toMatchObject({ rentFen: 0, commissionFen: 0, sellerFen: 0, status: 'frozen', releaseAt: null });

      const endsAt = (await f.orderRow(order.order_no)).endsAt!;
      await sweepOrders(db, endsAt);
      await releaseDueEarnings(db, new Date(endsAt.getTime() + DEFAULT_HOLD_HOURS * HOUR));
      expect(await f.earningOf(order.order_no)).toMatchObject({ status: 'released', sellerFen: 0 });
      expect(await f.releaseRows(order.order_no)).toEqual([]);
      await f.expectIdentityHolds();
    });

    it('the ledger check (scripts/ledger-check.ts) holds on this database, prints yuan and fen, and fails on a stale earnings row', async () => {
      const result = await checkLedger(db);
      const identity = await ledgerIdentity(db);
      expect(result).toMatchObject({ holds: true, identity });
      expect(result.lines[0]).toBe('Ledger identity: HOLDS');
      const rentLine = result.lines.find((line) => line.startsWith('rent paid by renters'));
      const yuan = `${Math.floor(identity.rentPaidFen / 100)}.${String(identity.rentPaidFen % 100).padStart(2, '0')}`;
      expect(rentLine).toMatch(new RegExp(`¥${yuan.replace('.', '\\.')} \\(${identity.rentPaidFen} fen\\)$`));
      expect(result.lines.some((line) => /^rentals with a missing or stale earnings row\s+0$/.test(line))).toBe(true);

      // A stale row (its rent no longer the order's; the row's own sum check still holds), inside a
      // transaction rolled back afterwards.
      const rollback = new Error('rollback');
      await expect(
        db.transaction(async (tx) => {
          const [victim] = await tx.select({ orderId: sellerEarnings.orderId }).from(sellerEarnings).where(sql`${sellerEarnings.sellerFen} > 0`).limit(1);
          await tx
            .update(sellerEarnings)
            .set({ rentFen: sql`${sellerEarnings.rentFen} + 1`, sellerFen: sql`${sellerEarnings.sellerFen} + 1` })
            .where(eq(sellerEarnings.orderId, victim!.orderId));
          const broken = await checkLedger(tx);
          expect(broken.holds).toBe(false);
          expect(broken.identity.mismatchedOrders).toBe(1);
          expect(broken.lines[0]).toBe('Ledger identity: DOES NOT HOLD');
          expect(broken.lines.find((line) => line.startsWith('  difference'))).toMatch(/¥-0\.01 \(-1 fen\)$/);
          throw rollback;
        }),
      ).rejects.toBe(rollback);
      expect((await checkLedger(db)).holds).toBe(true);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// the race (PostgreSQL only)

const unexpectedOf = (outcomes: Outcome<unknown>[]): unknown[] => outcomes.filter((outcome) => 'unexpected' in outcome).map((outcome) => (outcome as { unexpected: unknown }).unexpected);

describe.skipIf(!pgUrl)('settlement races on PostgreSQL (DATABASE_URL_TEST)', () => {
  let db: Db;
  const f = fixtures(() => db);

  useSuiteDatabase({ driver: 'postgres', skip: false, seed: true }, async (opened) => {
    db = opened;
    await f.loadPool();
  });

  it('renters rent, cancel and renew many listings of several sellers in parallel; sweeps and releases from five callers at once: the identity holds, every wallet equals its ledger, each order released once', async () => {
    const all = f.takeMany(30);
    expect(new Set(all.map((listing) => listing.sellerUserId)).size).toBeGreaterThanOrEqual(3);
    const taken: PoolListing[] = [];
    for (const listing of all) {
      // Odd prices, some deposits, so the half-up rounding and the deposit path both happen.
      taken.push(listing);
      await db
        .update(listings)
        .set({ rentalFen: 999 + (listing.id % 7) * 37, depositFen: listing.id % 2 === 0 ? 300 : 0, activityDiscount: null, isUseVipDiscount: false })
        .where(eq(listings.id, listing.id));
    }
    const renters: number[] = [];
    for (let i = 0; i < taken.length; i += 1) renters.push(await f.freshUser(1_000_000));
    const rivals: number[] = [];
    for (let i = 0; i < 10; i += 1) rivals.push(await f.freshUser(1_000_000));
    const start = new Date();

    // 1. Everyone rents at once; ten rivals race for the same windows (each window has one winner).
    // Half the renters use their welcome envelope, so red envelopes reduce the base too.
    const rent = (userId: number, listing: PoolListing, i: number): Promise<OrderView> =>
      createOrder(db, userId, { account_id: listing.id, option: 'hourly', hours: 3, ...(i % 2 === 0 ? { red_packet_id: null } : {}) }, null, start).then(async (order) => {
        const paid = await payOrder(db, userId, { order_no: order.order_no, channel: 'wallet' }, null, SITE, start);
        if (!paid.paid) throw new Error('not paid');
        return paid.order;
      });
    const rentals = await Promise.all([
      ...taken.map((listing, i) => settle(rent(renters[i]!, listing, i))),
      ...rivals.map((userId, i) => settle(rent(userId, taken[i]!, 1))),
    ]);
    expect(unexpectedOf(rentals)).toEqual([]);
    const paid = rentals.filter((outcome): outcome is { ok: true; value: OrderView } => outcome.ok).map((outcome) => outcome.value);
    expect(paid.length).toBe(taken.length);
    const renterOf = new Map<string, number>();
    for (const order of paid) renterOf.set(order.order_no, (await f.orderRow(order.order_no)).userId);
    await f.expectIdentityHolds();

    // 2. An hour in: cancels, renewals, double renewals, cancel racing renew on one order, while
    // the sweeps run; five releases at once find nothing due yet.
    const inAnHour = new Date(start.getTime() + HOUR);
    const moves: Promise<Outcome<unknown>>[] = [];
    paid.forEach((order, i) => {
      const userId = renterOf.get(order.order_no)!;
      const cancel = (): Promise<Outcome<unknown>> => settle(cancelOrder(db, userId, order.order_no, new Date(inAnHour.getTime() + (i % 3) * 40 * 60_000)));
      const renew = (hours: number): Promise<Outcome<unknown>> => settle(renewOrder(db, userId, { order_no: order.order_no, hours }, null, inAnHour));
      if (i % 4 === 0) moves.push(cancel());
      else if (i % 4 === 1) moves.push(renew(2));
      else if (i % 4 === 2) moves.push(renew(1), renew(2));
      else moves.push(cancel(), renew(1));
    });
    moves.push(...Array.from({ length: 3 }, () => settle(sweepOrders(db, inAnHour))));
    moves.push(...Array.from({ length: 5 }, () => settle(releaseDueEarnings(db, inAnHour))));
    const moved = await Promise.all(moves);
    expect(unexpectedOf(moved)).toEqual([]);
    for (const outcome of moved.filter((o) => !o.ok)) expect(outcome).toMatchObject({ status: 409 });
    await f.expectIdentityHolds();

    // 3. Every rental has ended: five finish sweeps at once with five early releases (nothing due
    // before the hold), then five releases at once past every hold, twice.
    const ended = new Date(start.getTime() + 12 * HOUR);
    const sweeps = await Promise.all([...Array.from({ length: 5 }, () => settle(sweepOrders(db, ended))), ...Array.from({ length: 5 }, () => settle(releaseDueEarnings(db, ended)))]);
    expect(unexpectedOf(sweeps)).toEqual([]);
    const orderNos = paid.map((order) => order.order_no);
    const statuses = await db.select({ status: orders.status }).from(orders).where(inArray(orders.orderNo, orderNos));
    expect(statuses.every((row) => row.status === 4 || row.status === 5)).toBe(true);
    await f.expectIdentityHolds();

    const releasedBefore = await countReleased();
    const past = new Date(start.getTime() + 40 * HOUR);
    const releases = await Promise.all(Array.from({ length: 5 }, () => settle(releaseDueEarnings(db, past))));
    const again = await Promise.all(Array.from({ length: 5 }, () => settle(releaseDueEarnings(db, past))));
    expect(unexpectedOf([...releases, ...again])).toEqual([]);
    const releasedByCalls = [...releases, ...again].reduce((sum, outcome) => sum + (outcome.ok ? (outcome.value as number) : 0), 0);
    expect(again.every((outcome) => outcome.ok && outcome.value === 0)).toBe(true);
    expect(releasedByCalls).toBe((await countReleased()) - releasedBefore);

    // The identity, and each order released once with its one ledger row.
    const identity = await ledgerIdentity(db);
    expect(identity).toMatchObject({ holds: true, mismatchedOrders: 0 });
    expect(identity.releasedFen).toBe(identity.releasedLedgerFen);
    const rows = await db
      .select({ earning: sellerEarnings, payFen: orders.payFen, refundFen: orders.refundFen, orderNo: orders.orderNo })
      .from(sellerEarnings)
      .innerJoin(orders, eq(orders.id, sellerEarnings.orderId))
      .where(inArray(orders.orderNo, orderNos));
    expect(rows).toHaveLength(orderNos.length);
    const ledger = await db
      .select({ refNo: walletLedger.refNo, userId: walletLedger.userId, amountFen: walletLedger.amountFen })
      .from(walletLedger)
      .where(and(eq(walletLedger.kind, 'earning_release'), inArray(walletLedger.refNo, orderNos)));
    for (const { earning, payFen, refundFen, orderNo } of rows) {
      expect(earning.status, orderNo).toBe('released');
      expect(earning.rentFen).toBe(payFen);
      expect(earning.refundedFen).toBe(refundFen);
      expect(earning.commissionFen).toBe(commissionOf(payFen - refundFen, earning.commissionBps));
      expect(earning.commissionBps).toBe(DEFAULT_BPS[earning.certType as 0 | 1 | 2]);
      const credits = ledger.filter((row) => row.refNo === orderNo);
      expect(credits).toEqual(earning.sellerFen > 0 ? [{ refNo: orderNo, userId: earning.sellerUserId, amountFen: earning.sellerFen }] : []);
    }
    // The race really did all of it: cancels with refunds, renewals, and releases of several sellers.
    expect(rows.some((row) => row.refundFen > 0)).toBe(true);
    expect(new Set(rows.map((row) => row.earning.sellerUserId)).size).toBeGreaterThanOrEqual(3);
    const renewed = await db.select({ hours: orders.hours }).from(orders).where(inArray(orders.orderNo, orderNos));
    expect(renewed.some((row) => row.hours! > 3)).toBe(true);

    // Every wallet's balance equals its ledger sum.
    const drift = await db.execute(sql`
      select w.user_id, w.balance_fen, coalesce(l.sum, 0) as ledger_fen
      from ${wallets} w
      left join (select user_id, sum(amount_fen) as sum from ${walletLedger} group by user_id) l on l.user_id = w.user_id
      where w.balance_fen <> coalesce(l.sum, 0)`);
    expect(drift.rows).toEqual([]);
    const duplicates = await db.execute(sql`select ref_no from ${walletLedger} where kind = 'earning_release' group by ref_no having count(*) > 1`);
    expect(duplicates.rows).toEqual([]);
  }, 120_000);

  it('five releasers at once over 200 due earnings of several sellers share the work without a deadlock', async () => {
    const taken = f.takeMany(30);
    expect(taken.length).toBeGreaterThanOrEqual(20);
    expect(new Set(taken.map((listing) => listing.sellerUserId)).size).toBeGreaterThanOrEqual(3);
    for (const listing of taken) {
      await db.update(listings).set({ rentalFen: 500 + (listing.id % 5) * 11, depositFen: 0, activityDiscount: null, isUseVipDiscount: false }).where(eq(listings.id, listing.id));
    }
    const renters: number[] = [];
    for (let i = 0; i < taken.length; i += 1) renters.push(await f.freshUser(10_000_000));
    // each renter rents 7 times in under two days: renters with history
    await giveRentalHistory(db, renters, taken[0]!.id);
    const first = new Date(Date.now() + 2 * 24 * HOUR);
    const orderNos: string[] = [];
    const rounds = Math.ceil(200 / taken.length);
    for (let round = 0; round < rounds; round += 1) {
      // Each round rents every listing again once the last round's rentals are swept finished.
      const at = new Date(first.getTime() + round * 4 * HOUR);
      await sweepOrders(db, at);
      const rented = await Promise.all(
        taken.map((listing, i) =>
          settle(
            createOrder(db, renters[i]!, { account_id: listing.id, option: 'hourly', hours: 3, red_packet_id: null }, null, at).then((order) =>
              payOrder(db, renters[i]!, { order_no: order.order_no, channel: 'wallet' }, null, SITE, at).then(() => order.order_no),
            ),
          ),
        ),
      );
      expect(unexpectedOf(rented)).toEqual([]);
      expect(rented.filter((outcome) => !outcome.ok)).toEqual([]);
      for (const outcome of rented) if (outcome.ok) orderNos.push(outcome.value);
    }
    const lastEnd = new Date(first.getTime() + rounds * 4 * HOUR);
    await sweepOrders(db, lastEnd);

    const releasedBefore = await countReleased();
    const releases = await Promise.all(Array.from({ length: 5 }, () => settle(releaseDueEarnings(db, new Date(lastEnd.getTime() + 25 * HOUR)))));
    expect(unexpectedOf(releases)).toEqual([]);
    const releasedByCalls = releases.reduce((sum, outcome) => sum + (outcome.ok ? (outcome.value as number) : 0), 0);
    expect(releasedByCalls).toBe((await countReleased()) - releasedBefore);
    expect(releasedByCalls).toBeGreaterThanOrEqual(orderNos.length);

    const ledger = await db.select({ refNo: walletLedger.refNo }).from(walletLedger).where(and(eq(walletLedger.kind, 'earning_release'), inArray(walletLedger.refNo, orderNos)));
    expect(ledger.map((row) => row.refNo).sort()).toEqual([...orderNos].sort());
    expect(await ledgerIdentity(db)).toMatchObject({ holds: true, mismatchedOrders: 0 });
    for (const sellerUserId of new Set(taken.map((listing) => listing.sellerUserId))) {
      expect((await readWallet(db, sellerUserId)).balanceFen).toBe(await ledgerSum(db, sellerUserId));
    }
  }, 120_000);

  it('five finish sweeps at once over 200 ended rentals (renters with several orders, deposits back) share the work without a deadlock', async () => {
    const taken = f.takeMany(30);
    expect(taken.length).toBeGreaterThanOrEqual(20);
    const ids = taken.map((listing) => listing.id);
    await db.update(listings).set({ rentalFen: 700, depositFen: 200, activityDiscount: null, isUseVipDiscount: false }).where(inArray(listings.id, ids));
    // Ten renters take turns on the listings, so each renter has orders all through the sweep's batches.
    const renters: number[] = [];
    for (let i = 0; i < 10; i += 1) renters.push(await f.freshUser(10_000_000));
    // each renter holds three rentals at once: renters with history
    await giveRentalHistory(db, renters, taken[0]!.id);
    const first = new Date(Date.now() + 9 * 24 * HOUR);
    const orderNos: string[] = [];
    const rounds = Math.ceil(200 / taken.length);
    for (let round = 0; round < rounds; round += 1) {
      const at = new Date(first.getTime() + round * 4 * HOUR);
      // The last round's rentals have ended but stay unswept (status paid) until the race below;
      // only the listing flag that refuses a rented account is put back, as a sweep would.
      await db.update(listings).set({ isRented: false }).where(inArray(listings.id, ids));
      const rented = await Promise.all(
        taken.map((listing, i) => {
          const renter = renters[(i + round) % renters.length]!;
          return settle(
            createOrder(db, renter, { account_id: listing.id, option: 'hourly', hours: 3, red_packet_id: null }, null, at).then((order) =>
              payOrder(db, renter, { order_no: order.order_no, channel: 'wallet' }, null, SITE, at).then(() => order.order_no),
            ),
          );
        }),
      );
      expect(unexpectedOf(rented)).toEqual([]);
      expect(rented.filter((outcome) => !outcome.ok)).toEqual([]);
      for (const outcome of rented) if (outcome.ok) orderNos.push(outcome.value);
    }
    const lastEnd = new Date(first.getTime() + rounds * 4 * HOUR);
    const sweeps = await Promise.all(Array.from({ length: 5 }, () => settle(sweepOrders(db, lastEnd))));
    expect(unexpectedOf(sweeps)).toEqual([]);
    const finished = sweeps.reduce((sum, outcome) => sum + (outcome.ok ? outcome.value.finished : 0), 0);
    expect(finished).toBeGreaterThanOrEqual(orderNos.length);

    const rows = await db.select({ status: orders.status }).from(orders).where(inArray(orders.orderNo, orderNos));
    expect(rows.every((row) => row.status === 4)).toBe(true);
    const returns = await db.select({ refNo: walletLedger.refNo }).from(walletLedger).where(and(eq(walletLedger.kind, 'deposit_return'), inArray(walletLedger.refNo, orderNos)));
    expect(returns).toHaveLength(orderNos.length);
    const earnings = await db
      .select({ releaseAt: sellerEarnings.releaseAt })
      .from(sellerEarnings)
      .innerJoin(orders, eq(orders.id, sellerEarnings.orderId))
      .where(inArray(orders.orderNo, orderNos));
    expect(earnings.every((row) => row.releaseAt?.getTime() === lastEnd.getTime() + DEFAULT_HOLD_HOURS * HOUR)).toBe(true);
    expect(await ledgerIdentity(db)).toMatchObject({ holds: true, mismatchedOrders: 0 });
    for (const userId of renters) expect((await readWallet(db, userId)).balanceFen).toBe(await ledgerSum(db, userId));
  }, 120_000);

  async function countReleased(): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sellerEarnings).where(eq(sellerEarnings.status, 'released'));
    return Number(row!.n);
  }
});
