/**
 * The seller's orders, complaint answers, earnings and listing statistics (issue 13 "Orders,
 * earnings, payouts"), through the endpoints for who may see what, and through the services with
 * a `now` the test controls for the money over a rental's life: payment, renewal, early cancel,
 * the finish sweep and the release sweep. On an in-memory PGlite and, when DATABASE_URL_TEST is
 * set, a fresh PostgreSQL.
 *
 * Two fresh individual owners (seller A, seller B) each list their own accounts; one renter rents
 * seller A's. The clock is 2030-01-15 10:00 Shanghai, so nothing of the demo seed shares a window.
 */
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RENTER_MASK, type Page, type SellerComplaint, type SellerEarnings, type SellerOrder, type SellerOrderEarning } from '~/features/sellers/contract/seller-earnings';
import type { Complaint } from '~/features/wallet/contract/money';
import { SELLER_CODES } from '~/features/sellers/contract/seller';
import { MS_PER_HOUR } from '~/platform/config/constants';
import type { Db } from '~/platform/db/client';
import { complaints, games, listingReviews, listings, pageViews, sellerEarnings, users } from '~/platform/db/schema';
import { createComplaint } from '~/features/complaints/server/complaints';
import { cancelOrder, renewOrder, sweepOrders } from '~/features/orders/server/order-lifecycle';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { submitCertification } from '~/features/sellers/server/sellers';
import { getSellerEarnings } from '~/features/sellers/server/seller-earnings';
import { answerComplaint, listSellerOrders } from '~/features/sellers/server/seller-orders';
import { ledgerIdentity, releaseDueEarnings } from '~/features/sellers/server/settlement';
import { issueToken } from '~/features/sign-in/server/tokens';
import { storeImageUpload } from '~/platform/db/uploads';
import { createUser } from '~/features/account/server/users';
import { changeBalance, readWallet } from '~/features/wallet/server/wallet';
import { GET as ordersRoute, ALL as ordersOther } from '~/pages/api/v1/seller/orders';
import { GET as earningsRoute, ALL as earningsOther } from '~/pages/api/v1/seller/earnings';
import { POST as answerRoute, ALL as answerOther } from '~/pages/api/v1/seller/complaints/answer';
import { GET as renterComplaintsRoute } from '~/pages/api/v1/order/complaints';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const SITE = { origin: 'http://localhost' };
/** 2030-01-15 10:00 Shanghai. */
const T0 = new Date('2030-01-15T02:00:00Z');
const at = (hours: number): Date => new Date(T0.getTime() + hours * MS_PER_HOUR);
const RENT_FEN_PER_HOUR = 1_000;
const DEPOSIT_FEN = 500;
/** Individual owners pay 10% by default (COMMISSION_BPS_BY_CERT_TYPE[0]). */
const INDIVIDUAL_BPS = 1_000;
/** Order 1 (3 hours from T0) is finished by the sweep a minute after its end. */
const FINISH_AT = new Date(T0.getTime() + 3 * MS_PER_HOUR + 60_000);

let serial = 0;

describe.each(TEST_DRIVERS)('seller orders and earnings on $label', ({ driver, skip }) => {
  let db: Db;
  let sellerA: number;
  let sellerB: number;
  let renter: number;
  let stranger: number;
  let listingA: number;
  let quietListingA: number;
  let listingB: number;
  /** Order 1: paid, renewed, finished by the sweep, released. Order 2: paid then cancelled early (complained about). */
  let order1 = '';
  let order2 = '';
  let complaintId = 0;
  /** Order 1's earnings before the sweep finished it. */
  let firstPaid: SellerOrderEarning;

  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    await setUp();
  });

  const bearer = async (userId: number): Promise<string> => `Bearer ${(await issueToken(db, userId, { now: new Date() })).token}`;
  const get = async <T,>(route: APIRoute, path: string, userId: number): Promise<CallResult<T>> => callRoute<T>(route, path, { authorization: await bearer(userId) });
  const post = async <T,>(route: APIRoute, path: string, userId: number, body: unknown): Promise<CallResult<T>> =>
    callRoute<T>(route, path, { method: 'POST', body, authorization: await bearer(userId) });

  async function freshUser(name: string, options: { mobile?: boolean } = {}): Promise<number> {
    serial += 1;
    const id = await db.transaction((tx) =>
      createUser(tx, { username: `so_${name}_${serial}`, nickname: '卖家测试', mobile: options.mobile ? `137${String(40_000_000 + serial).padStart(8, '0')}` : null }, new Date()),
    );
    if (id === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true, realName: '李四' }).where(eq(users.id, id));
    return id;
  }

  async function openShop(userId: number, shopName: string): Promise<number> {
    const profile = await submitCertification(db, userId, { cert_type: 0, shop_name: shopName }, new Date());
    return profile.shop!.id;
  }

  async function listAccount(shopId: number, title: string): Promise<number> {
    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.maintenanceStatus, 0)).orderBy(games.id).limit(1);
    const [row] = await db
      .insert(listings)
      .values({ shopId, gameId: game!.id, title, roleName: '测试角色', imgs: ['/covers/test-cover.webp'], rentalFen: RENT_FEN_PER_HOUR, depositFen: DEPOSIT_FEN, minRentalHours: 1 })
      .returning({ id: listings.id });
    return row!.id;
  }

  async function rent(listingId: number, hours: number, now: Date): Promise<string> {
    const order = await createOrder(db, renter, { account_id: listingId, option: 'hourly', hours }, null, now);
    const paid = await payOrder(db, renter, { order_no: order.order_no, channel: 'wallet' }, null, SITE, now);
    if (!paid.paid) throw new Error('wallet payment did not pay');
    return order.order_no;
  }

  async function earningOf(orderNo: string) {
    const page = await listSellerOrders(db, sellerA, { filter: 'all', page: 1, page_size: 50 }, new Date());
    return page.list.find((order) => order.order_no === orderNo)!.earning!;
  }

  async function tinyPng(seed: number): Promise<Uint8Array> {
    return new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed % 256, g: 40, b: 90 } } }).png().toBuffer());
  }

  async function setUp(): Promise<void> {
    sellerA = await freshUser('a');
    sellerB = await freshUser('b');
    renter = await freshUser('renter', { mobile: true });
    stranger = await freshUser('stranger');
    const shopA = await openShop(sellerA, '甲的小店');
    const shopB = await openShop(sellerB, '乙的小店');
    listingA = await listAccount(shopA, '甲的王者号');
    quietListingA = await listAccount(shopA, '甲的冷门号');
    listingB = await listAccount(shopB, '乙的吃鸡号');
    await db.transaction((tx) => changeBalance(tx, { userId: renter, kind: 'demo_credit', amountFen: 1_000_000, refNo: `seller-orders-credit-${serial}` }));

    // Order 1 on A: 2 hours at T0, renewed by 1 hour half an hour in.
    order1 = await rent(listingA, 2, T0);
    await renewOrder(db, renter, { order_no: order1, hours: 1 }, null, at(0.5));
    firstPaid = await earningOf(order1);
    // The finish sweep a minute after its end (the listing is free again for order 2).
    await sweepOrders(db, FINISH_AT);
    // Order 2 on A: 2 hours at T0+4h, cancelled 30 minutes in (spec §4 refund).
    order2 = await rent(listingA, 2, at(4));
    await cancelOrder(db, renter, order2, at(4.5));
    // One rental on B, so B has money of its own that A must never see.
    await rent(listingB, 1, at(10));
  }

  describe.skipIf(skip)('who sees what', () => {
    it('answers 403 code 1101 to a signed-in user without a shop, on every seller call', async () => {
      expectError(await get(ordersRoute, '/api/v1/seller/orders', stranger), 403, '请先申请成为卖家', SELLER_CODES.notSeller);
      expectError(await get(earningsRoute, '/api/v1/seller/earnings', stranger), 403, '请先申请成为卖家', SELLER_CODES.notSeller);
      expectError(await post(answerRoute, '/api/v1/seller/complaints/answer', stranger, { complaint_id: 1, content: '您好，请重新登录' }), 403, '请先申请成为卖家', SELLER_CODES.notSeller);
    });

    it('answers 401 without a token and 405 to other methods', async () => {
      expect((await callRoute(ordersRoute, '/api/v1/seller/orders')).status).toBe(401);
      for (const route of [ordersOther, earningsOther, answerOther]) {
        expect((await callRoute(route, '/api/v1/seller/x', { method: 'DELETE' })).status).toBe(405);
      }
    });

    it("lists the orders on the seller's own listings, newest first, the renter masked as 租客***", async () => {
      const page = expectOk(await get<Page<SellerOrder>>(ordersRoute, '/api/v1/seller/orders', sellerA));
      expect(page.total).toBe(2);
      expect(page.list.map((order) => order.order_no)).toEqual([order2, order1]);
      for (const order of page.list) {
        expect(order.renter).toBe(RENTER_MASK);
        expect(order.listing?.id).toBe(listingA);
      }
      const [renterRow] = await db.select().from(users).where(eq(users.id, renter));
      const text = JSON.stringify(page);
      for (const secret of [renterRow!.username, renterRow!.mobile!, renterRow!.nickname, renterRow!.realName!, `"user_id"`]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(new RegExp(`"renter":\\s*${renter}\\b`));
    });

    it("never shows seller A's orders or money to seller B", async () => {
      const page = expectOk(await get<Page<SellerOrder>>(ordersRoute, '/api/v1/seller/orders', sellerB));
      expect(page.total).toBe(1);
      expect(page.list.map((order) => order.order_no)).not.toContain(order1);
      expect(page.list.map((order) => order.order_no)).not.toContain(order2);
      expect(page.list[0]!.listing?.id).toBe(listingB);
      const earnings = expectOk(await get<SellerEarnings>(earningsRoute, '/api/v1/seller/earnings', sellerB));
      expect(earnings.listings.list.map((row) => row.listing_id)).toEqual([listingB]);
      expect(earnings.frozen_fen).toBe(1_000 - 100);
    });

    it('filters by the status tabs', async () => {
      const cancelled = expectOk(await get<Page<SellerOrder>>(ordersRoute, '/api/v1/seller/orders?filter=cancelled', sellerA));
      expect(cancelled.list.map((order) => order.order_no)).toEqual([order2]);
      expect(cancelled.list[0]!.order_status_text).toBe('已取消');
      const unpaid = expectOk(await get<Page<SellerOrder>>(ordersRoute, '/api/v1/seller/orders?filter=unpaid', sellerA));
      expect(unpaid.total).toBe(0);
      expectError(await get(ordersRoute, '/api/v1/seller/orders?filter=nope', sellerA), 400, /filter/);
    });
  });

  describe.skipIf(skip)('complaint answers', () => {
    it('lets the owner answer with text and images; another seller gets 404; a handled complaint 409', async () => {
      const complaint = await createComplaint(db, renter, { order_no: order2, type: 1, content: '账号登录不上去，提示密码错误' }, at(4.4));
      complaintId = complaint.id;

      const upload1 = await storeImageUpload(db, sellerA, { purpose: 'complaint', bytes: await tinyPng(1) }, new Date());
      const upload2 = await storeImageUpload(db, sellerA, { purpose: 'complaint', bytes: await tinyPng(2) }, new Date());
      const listingUpload = await storeImageUpload(db, sellerA, { purpose: 'listing', bytes: await tinyPng(3) }, new Date());
      const othersUpload = await storeImageUpload(db, sellerB, { purpose: 'complaint', bytes: await tinyPng(4) }, new Date());

      const answer = (userId: number, body: unknown) => post<SellerComplaint>(answerRoute, '/api/v1/seller/complaints/answer', userId, body);

      // Another seller: the same 404 as a complaint that does not exist.
      expectError(await answer(sellerB, { complaint_id: complaintId, content: '这不是我的订单投诉' }), 404, '投诉不存在');
      expectError(await answer(sellerA, { complaint_id: 2_000_000_000, content: '这条投诉并不存在' }), 404, '投诉不存在');
      // Bad input.
      expectError(await answer(sellerA, { complaint_id: complaintId, content: '太短' }), 400, /回复内容需5-500个字/);
      expectError(await answer(sellerA, { complaint_id: complaintId, content: '含有\u0007控制字符的回复' }), 400, /无效字符/);
      expectError(await answer(sellerA, { complaint_id: complaintId, content: '图片太多的回复内容', images: [1, 2, 3, 4, 5, 6, 7] }), 400, /最多上传6张图片/);
      expectError(await answer(sellerA, { complaint_id: complaintId, content: '用了商品图片的回复', images: [listingUpload.id] }), 400, '图片无效，请重新上传');
      expectError(await answer(sellerA, { complaint_id: complaintId, content: '用了别人图片的回复', images: [othersUpload.id] }), 400, '图片无效，请重新上传');

      const answered = expectOk(await answer(sellerA, { complaint_id: complaintId, content: '您好，账号密码已重置，请重新登录试试', images: [upload1.id, upload2.detail_url] }));
      expect(answered.answers).toHaveLength(1);
      expect(answered.answers[0]!.images).toEqual([upload1.detail_url, upload2.detail_url]);
      expect(answered.can_answer).toBe(true);

      // The seller's order list carries it, and so does the renter's complaint list.
      const page = await listSellerOrders(db, sellerA, { filter: 'all', page: 1, page_size: 10 }, new Date());
      const onOrder = page.list.find((order) => order.order_no === order2)!.complaints;
      expect(onOrder.map((c) => c.id)).toEqual([complaintId]);
      expect(onOrder[0]!.answers[0]!.content).toBe('您好，账号密码已重置，请重新登录试试');
      const renterView = expectOk(await get<Page<Complaint>>(renterComplaintsRoute, '/api/v1/order/complaints', renter));
      const mine = renterView.list.find((c) => c.id === complaintId)!;
      expect(mine.seller_answers?.map((a) => a.content)).toEqual(['您好，账号密码已重置，请重新登录试试']);
      expect(mine.seller_answers?.[0]!.images).toHaveLength(2);

      // Handled by the platform: no more answers.
      await db.update(complaints).set({ status: 2, reply: '已核实处理' }).where(eq(complaints.id, complaintId));
      expectError(await answer(sellerA, { complaint_id: complaintId, content: '再补充一点说明内容' }), 409, '该投诉已处理，无法再回复');
      await expect(answerComplaint(db, sellerB, { complaint_id: complaintId, content: '服务层也一样是404', images: [] }, new Date())).rejects.toMatchObject({ httpStatus: 404 });
    });
  });

  describe.skipIf(skip)('earnings over a rental life', () => {
    it('credits frozen earnings at payment and keeps them in step with the renewal and the early cancel', async () => {
      // 3 hours paid in all (2 + the 1-hour renewal), 10% commission; no release time while it runs.
      expect(firstPaid).toMatchObject({ net_rent_fen: 3_000, commission_fen: 300, seller_fen: 2_700, commission_bps: INDIVIDUAL_BPS, status: 'frozen', release_at: null });

      const second = await earningOf(order2);
      const page = await listSellerOrders(db, sellerA, { filter: 'cancelled', page: 1, page_size: 10 }, new Date());
      const cancelled = page.list[0]!;
      expect(cancelled.refund_fen).toBeGreaterThan(0);
      expect(second.net_rent_fen).toBe(cancelled.rent_fen - cancelled.refund_fen);
      expect(second.seller_fen + second.commission_fen).toBe(second.net_rent_fen);
      expect(second.status).toBe('frozen');
      expect(second.release_at).toBe(new Date(at(4.5).getTime() + 24 * MS_PER_HOUR).toISOString());

      const before = await getSellerEarnings(db, sellerA, { page: 1, page_size: 10, sort: 'earnings_desc' }, at(5));
      expect((await earningOf(order1)).status).toBe('frozen');
      expect(before.frozen_fen).toBe(2_700 + second.seller_fen);
      expect(before.released_fen).toBe(0);
      expect(before.hold_hours).toBe(24);
    });

    it('sets the release time when the sweep finishes the rental and releases it to the wallet after the hold', async () => {
      const finishAt = FINISH_AT;
      const finished = await earningOf(order1);
      expect(finished.status).toBe('frozen');
      expect(finished.release_at).toBe(new Date(finishAt.getTime() + 24 * MS_PER_HOUR).toISOString());

      const balanceBefore = (await readWallet(db, sellerA)).balanceFen;
      // One minute before the hold ends: nothing moves.
      await releaseDueEarnings(db, new Date(finishAt.getTime() + 24 * MS_PER_HOUR - 60_000));
      expect((await earningOf(order1)).status).toBe('frozen');

      // 2030-01-16 14:00 Shanghai: order 1's hold is over, order 2's (cancelled at 12:30 on the 15th + 24 h... 2030-01-16 14:30) is not.
      const releaseRun = new Date('2030-01-16T06:00:00Z');
      await releaseDueEarnings(db, releaseRun);
      const released = await earningOf(order1);
      expect(released.status).toBe('released');
      expect(released.released_at).toBe(releaseRun.toISOString());
      expect((await readWallet(db, sellerA)).balanceFen).toBe(balanceBefore + 2_700);
      expect((await ledgerIdentity(db)).holds).toBe(true);

      const second = await earningOf(order2);
      const view = await getSellerEarnings(db, sellerA, { page: 1, page_size: 10, sort: 'earnings_desc' }, releaseRun);
      expect(view.frozen_fen).toBe(second.seller_fen);
      expect(view.released_fen).toBe(2_700);
      expect(view.month_fen).toBe(2_700 + second.seller_fen);
      expect(view.commission_fen).toBe(300 + second.commission_fen);
      expect(view.balance_fen).toBe(balanceBefore + 2_700);

      // 30 Shanghai days ending 2030-01-16: earned on the 15th (payment day), released on the 16th.
      expect(view.series).toHaveLength(30);
      expect(view.series[0]!.date).toBe('2029-12-18');
      expect(view.series.at(-1)!.date).toBe('2030-01-16');
      expect(view.series.find((day) => day.date === '2030-01-15')).toMatchObject({ earned_fen: 2_700 + second.seller_fen, released_fen: 0 });
      expect(view.series.find((day) => day.date === '2030-01-16')).toMatchObject({ earned_fen: 0, released_fen: 2_700 });
      expect(view.series.reduce((sum, day) => sum + day.earned_fen, 0)).toBe(2_700 + second.seller_fen);

      // A month later the month figure is empty and the released money is still released.
      const february = await getSellerEarnings(db, sellerA, { page: 1, page_size: 10, sort: 'earnings_desc' }, new Date('2030-02-01T00:00:00Z'));
      expect(february.month_fen).toBe(0);
      expect(february.released_fen).toBe(2_700);
    });

    it('counts views, rentals, rental hours, earnings and the average review per listing, sorted by earnings', async () => {
      const detail = `/detail/${listingA}.html`;
      await db.insert(pageViews).values([
        { kind: 'pageview', path: detail, name: 'zuhao' },
        { kind: 'pageview', path: detail, name: 'zuhao' },
        { kind: 'pageview', path: detail, name: 'zuhao' },
        { kind: 'click', path: detail, name: 'zuhao' },
        { kind: 'pageview', path: `/detail/${listingB}.html`, name: 'zuhao' },
      ]);
      await db.insert(listingReviews).values([
        { listingId: listingA, userId: renter, orderNo: order1, rating: 5, content: '号很好用' },
        { listingId: listingA, userId: renter, orderNo: order2, rating: 4, content: '还可以吧' },
      ]);
      const second = await earningOf(order2);
      const view = await getSellerEarnings(db, sellerA, { page: 1, page_size: 10, sort: 'earnings_desc' }, new Date('2030-01-16T06:00:00Z'));
      expect(view.listings.total).toBe(2);
      expect(view.listings.list.map((row) => row.listing_id)).toEqual([listingA, quietListingA]);
      expect(view.listings.list[0]).toMatchObject({
        views: 3,
        rentals: 2,
        // 3 hours of order 1 (renewal included) and the 30 minutes order 2 ran before its cancel.
        rental_hours: 3.5,
        earnings_fen: 2_700 + second.seller_fen,
        avg_rating: 4.5,
        review_count: 2,
      });
      expect(view.listings.list[1]).toMatchObject({ views: 0, rentals: 0, rental_hours: 0, earnings_fen: 0, avg_rating: null, review_count: 0 });

      const ascending = await getSellerEarnings(db, sellerA, { page: 1, page_size: 10, sort: 'earnings_asc' }, new Date());
      expect(ascending.listings.list.map((row) => row.listing_id)).toEqual([quietListingA, listingA]);
      const paged = await getSellerEarnings(db, sellerA, { page: 2, page_size: 1, sort: 'earnings_desc' }, new Date());
      expect(paged.listings.list.map((row) => row.listing_id)).toEqual([quietListingA]);
      expect(paged.listings.total).toBe(2);

      // Every earnings row of A is A's.
      const rows = await db.select({ listingId: sellerEarnings.listingId }).from(sellerEarnings).where(eq(sellerEarnings.sellerUserId, sellerA));
      expect(new Set(rows.map((row) => row.listingId))).toEqual(new Set([listingA]));
    });
  });
});
