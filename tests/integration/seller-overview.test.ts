/**
 * 卖家中心's figures for today (issue 28 "The seller"), on both drivers: they follow the shop's own
 * rentals, earnings, listings and complaints, never another shop's; a caller without a shop is 403
 * code 1101, no token 401.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MS_PER_HOUR } from '~/platform/config/constants';
import type { Db } from '~/platform/db/client';
import { games, listings, users } from '~/platform/db/schema';
import { SELLER_CODES } from '~/features/sellers/contract/seller';
import type { SellerOverview } from '~/features/sellers/contract/seller-overview';
import { createComplaint } from '~/features/complaints/server/complaints';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { getSellerOverview } from '~/features/sellers/server/seller-overview';
import { submitCertification } from '~/features/sellers/server/sellers';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { changeBalance } from '~/features/wallet/server/wallet';
import { GET as overviewRoute } from '~/pages/api/v1/seller/overview';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const SITE = { origin: 'http://localhost' };
/** 2030-03-10 10:00 Shanghai: "today" is 2030-03-10. */
const T0 = new Date('2030-03-10T02:00:00Z');
const RENT_FEN = 1_000;
let serial = 0;

describe.each(TEST_DRIVERS)('seller overview on $label', ({ driver, skip }) => {
  let db: Db;
  let seller = 0;
  let other = 0;
  let renter = 0;
  let stranger = 0;
  let shop = 0;
  let otherShop = 0;

  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    seller = await user('seller');
    other = await user('other');
    renter = await user('renter');
    stranger = await user('stranger');
    shop = (await submitCertification(db, seller, { cert_type: 0, shop_name: '概况小店' }, new Date())).shop!.id;
    otherShop = (await submitCertification(db, other, { cert_type: 0, shop_name: '别人的店' }, new Date())).shop!.id;
    await db.transaction((tx) => changeBalance(tx, { userId: renter, kind: 'demo_credit', amountFen: 100_000, refNo: `overview-credit-${driver}` }));
  });

  async function user(name: string): Promise<number> {
    serial += 1;
    const mobile = `136${String((driver === 'postgres' ? 50_000_000 : 60_000_000) + serial).padStart(8, '0')}`;
    const id = await db.transaction((tx) => createUser(tx, { username: `ov_${name}_${driver}_${serial}`, nickname: '概况', mobile }, new Date('2029-01-01T00:00:00Z')));
    if (id === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true, realName: '王五' }).where(eq(users.id, id));
    return id;
  }

  async function listing(shopId: number): Promise<number> {
    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.maintenanceStatus, 0)).orderBy(games.id).limit(1);
    const [row] = await db
      .insert(listings)
      .values({ shopId, gameId: game!.id, title: '概况测试号', roleName: '角色', imgs: ['/covers/test-cover.webp'], rentalFen: RENT_FEN, depositFen: 0, minRentalHours: 1 })
      .returning({ id: listings.id });
    return row!.id;
  }

  async function rent(listingId: number, hours: number, now: Date): Promise<string> {
    const order = await createOrder(db, renter, { account_id: listingId, option: 'hourly', hours }, null, now);
    const paid = await payOrder(db, renter, { order_no: order.order_no, channel: 'wallet' }, null, SITE, now);
    if (!paid.paid) throw new Error('not paid');
    return order.order_no;
  }

  it.skipIf(skip)('counts the shop\'s own running rentals, today\'s money, listings needing attention and open complaints', async () => {
    const empty = await getSellerOverview(db, seller, T0);
    expect(empty).toEqual({
      running_rentals: 0,
      rentals_today: 0,
      earned_today_fen: 0,
      released_today_fen: 0,
      frozen_fen: 0,
      listings: { on_shelf: 0, pending_review: 0, rejected: 0, held: 0 },
      to_answer: { complaints: 0, login_failures: 0, hafu_reports: 0 },
    } satisfies SellerOverview);

    const mine = await listing(shop);
    const second = await listing(shop);
    await db.update(listings).set({ reviewStatus: 'rejected', isListed: false }).where(eq(listings.id, second));
    await listing(otherShop);
    const orderNo = await rent(mine, 2, T0);
    await rent(await listing(otherShop), 1, T0);
    await createComplaint(db, renter, { order_no: orderNo, type: 1, content: '账号密码错误，登录不上', images: [] }, new Date(T0.getTime() + 10 * 60_000));

    const now = new Date(T0.getTime() + MS_PER_HOUR);
    const overview = await getSellerOverview(db, seller, now);
    // Individual owners keep 90 % (10 % commission): 2 hours at ¥10.00.
    expect(overview).toEqual({
      running_rentals: 1,
      rentals_today: 1,
      earned_today_fen: 1_800,
      released_today_fen: 0,
      frozen_fen: 1_800,
      listings: { on_shelf: 1, pending_review: 0, rejected: 1, held: 0 },
      to_answer: { complaints: 1, login_failures: 0, hafu_reports: 0 },
    } satisfies SellerOverview);
    // The next Shanghai day: nothing "today", the rental no longer runs, the money still frozen.
    const tomorrow = await getSellerOverview(db, seller, new Date('2030-03-11T02:00:00Z'));
    expect([tomorrow.running_rentals, tomorrow.rentals_today, tomorrow.earned_today_fen, tomorrow.frozen_fen]).toEqual([0, 0, 0, 1_800]);
  });

  it.skipIf(skip)('the endpoint: the caller\'s own shop, 403 code 1101 without a shop, 401 without a token', async () => {
    const bearer = async (userId: number): Promise<string> => `Bearer ${(await issueToken(db, userId, { now: new Date() })).token}`;
    const answer = expectOk(await callRoute<SellerOverview>(overviewRoute, '/api/v1/seller/overview', { authorization: await bearer(other) }));
    expect(answer.listings.on_shelf).toBeGreaterThan(0);
    expectError(await callRoute(overviewRoute, '/api/v1/seller/overview', { authorization: await bearer(stranger) }), 403, '请先申请成为卖家', SELLER_CODES.notSeller);
    expect((await callRoute(overviewRoute, '/api/v1/seller/overview')).status).toBe(401);
  });
});
