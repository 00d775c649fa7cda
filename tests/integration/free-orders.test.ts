/**
 * Free orders (spec §7 free "create order", "free count", "orders"; our rules in free-orders.ts and
 * docs/decisions.md "Free orders") through the endpoints and, where the clock matters, the
 * services with a `now` the test controls; on an in-memory PGlite and, when DATABASE_URL_TEST is
 * set, a fresh PostgreSQL. The races at the end run on PostgreSQL only (PGlite runs one query at a
 * time, so a race could never show there).
 *
 * The seed's offers are replaced: every case puts an offer on its own listing from the bookable
 * pool and uses its own users, so cases never share a window or an allowance.
 */
import type { APIRoute } from 'astro';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreeCountAnswer } from '~/features/free/client';
import { MONEY_CODES, type CancelPreview, type Credentials, type OrderView, type Page } from '~/features/wallet/client/money';
import { ORDER_STATUS } from '~/platform/config/constants';
import { FREE_RENTALS_PER_DAY, MSG_FREE_DAILY_LIMIT_REACHED, MSG_FREE_OFFER_INACTIVE } from '~/features/free/constants';
import { shanghaiMidnight } from '~/platform/rules/shanghai-time';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { freeOffers, listings, orders, users, walletLedger } from '~/platform/db/schema';
import { createFreeOrder } from '~/features/free/server/free-orders';
import { freeCount } from '~/features/free/server/free-rentals';
import { sweepOrders } from '~/features/orders/server/order-lifecycle';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { POST as createFreeRoute, ALL as createFreeOther } from '~/pages/api/v1/free/createOrder';
import { GET as freeOrdersRoute, ALL as freeOrdersOther } from '~/pages/api/v1/free/orders';
import { GET as countRoute } from '~/pages/api/v1/free/count';
import { GET as credentialsRoute } from '~/pages/api/v1/order/credentials';
import { GET as cancelPreviewRoute } from '~/pages/api/v1/order/cancelPreview';
import { POST as cancelRoute } from '~/pages/api/v1/order/cancel';
import { GET as listRoute } from '~/pages/api/v1/order/list';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';
import { bookableListingIds } from './bookable-listings';
import { settle } from './settle';


const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;
const SITE = { origin: 'http://localhost' };
const MSG_WINDOW_TAKEN = '该账号此时段已被租用';
const MSG_REAL_NAME_REQUIRED = '请先完成实名认证';
const MSG_ORDER_NOT_FOUND = '订单不存在';
const pgUrl = process.env['DATABASE_URL_TEST'];

let serial = 0;
const newKey = (): string => `free-test-${Date.now().toString(36)}-${(serial += 1)}`;

/** Opens a database for the suite, points the endpoints at it and hands out bookable listings and users. */
function suiteDatabase(driver: 'pglite' | 'postgres', skip: boolean) {
  const state = {
    testDb: null as TestDatabase | null,
    db: null as unknown as Db,
    pool: [] as number[],
    tokens: new Map<number, string>(),
  };

  beforeAll(async () => {
    if (skip) return;
    state.testDb = await openTestDatabase({ driver, seed: true });
    state.db = state.testDb.db;
    suiteContext.db = state.db;
    // Free orders ignore the listing's minimum hours: any listing bookable now will do.
    state.pool = await bookableListingIds(state.db, 24);
    await state.db.delete(freeOffers);
  }, 120_000);

  afterAll(async () => {
    suiteContext.db = null;
    await state.testDb?.close();
  });

  return state;
}

describe.each(TEST_DRIVERS)('free orders on $label', ({ driver, skip }) => {
  const state = suiteDatabase(driver, skip);
  const db = (): Db => state.db;

  /** A listing nobody else in this file rents, with an offer running from a day before `now` to three days after. */
  async function offeredListing(freeHours = 2, now = new Date(), window?: { startsAt: Date; endsAt: Date }): Promise<{ listingId: number; offerId: number }> {
    const listingId = state.pool.shift();
    if (listingId === undefined) throw new Error('the demo seed has no bookable listing left');
    const [offer] = await db()
      .insert(freeOffers)
      .values({ listingId, freeHours, startsAt: window?.startsAt ?? new Date(now.getTime() - DAY), endsAt: window?.endsAt ?? new Date(now.getTime() + 3 * DAY) })
      .returning({ id: freeOffers.id });
    return { listingId, offerId: offer!.id };
  }

  async function freshUser(options: { realName?: boolean } = {}): Promise<number> {
    const id = await db().transaction((tx) => createUser(tx, { username: `free_${(serial += 1)}`, nickname: '免费测试' }, new Date()));
    if (id === null) throw new Error('username taken');
    if (options.realName !== false) await db().update(users).set({ isRealName: true }).where(eq(users.id, id));
    return id;
  }

  async function bearer(userId: number): Promise<string> {
    let token = state.tokens.get(userId);
    if (!token) {
      token = (await issueToken(db(), userId, { now: new Date() })).token;
      state.tokens.set(userId, token);
    }
    return `Bearer ${token}`;
  }

  async function get<T>(route: APIRoute, path: string, userId: number): Promise<CallResult<T>> {
    return callRoute<T>(route, path, { authorization: await bearer(userId) });
  }

  async function post<T>(route: APIRoute, path: string, userId: number, body: unknown, key?: string): Promise<CallResult<T>> {
    return callRoute<T>(route, path, { method: 'POST', body, authorization: await bearer(userId), headers: key ? { 'Idempotency-Key': key } : {} });
  }

  const takeFree = (userId: number, listingId: number, key?: string): Promise<CallResult<OrderView>> =>
    post<OrderView>(createFreeRoute, '/api/v1/free/createOrder', userId, { account_id: listingId }, key);

  const countOf = async (userId: number): Promise<FreeCountAnswer> => expectOk(await get<FreeCountAnswer>(countRoute, '/api/v1/free/count', userId));

  async function listingRented(id: number): Promise<boolean> {
    const [row] = await db().select({ isRented: listings.isRented }).from(listings).where(eq(listings.id, id));
    return row!.isRented;
  }

  async function ordersOf(userId: number) {
    return db().select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
  }

  async function expectRejected(promise: Promise<unknown>, status: number, msg: string, code = 1): Promise<void> {
    expect(await settle(promise)).toEqual({ ok: false, status, code, msg });
  }

  it.skipIf(skip)('takes a running offer: a paid, running hourly rental of the offer\'s hours, nothing paid, no deposit, the listing rented', async () => {
    const { listingId, offerId } = await offeredListing(3);
    const renter = await freshUser();
    const balanceBefore = (await readWallet(db(), renter)).balanceFen;
    expect(await countOf(renter)).toEqual({ per_day: FREE_RENTALS_PER_DAY, used_today: 0, remaining: FREE_RENTALS_PER_DAY });

    const before = Date.now();
    const order = expectOk(await takeFree(renter, listingId, newKey()));
    const after = Date.now();
    expect(order).toMatchObject({
      kind: 'rental',
      is_free: true,
      order_status: ORDER_STATUS.paid,
      order_status_text: '租赁中',
      rental_id: 1,
      rental_option: 'hourly',
      option_label: '时租',
      hours: 3,
      bonus_hours: 0,
      reserved: false,
      hire_original_prices: '0.00',
      hire_real_pay_prices: '0.00',
      deposit: '0.00',
      total: '0.00',
      total_fen: 0,
      pay_channel: null,
      red_packet: null,
      productInfo: expect.objectContaining({ id: listingId }),
      actions: expect.objectContaining({ can_pay: false, can_cancel: true, can_view_credentials: true }),
    });
    const startsAt = Date.parse(order.hire_start_time!);
    expect(startsAt).toBeGreaterThanOrEqual(before);
    expect(startsAt).toBeLessThanOrEqual(after);
    expect(Date.parse(order.hire_end_time!) - startsAt).toBe(3 * HOUR);
    expect(order.paid_at).toBe(order.hire_start_time);

    const [row] = await db().select().from(orders).where(eq(orders.orderNo, order.order_no));
    expect(row).toMatchObject({ isFree: true, freeOfferId: offerId, userId: renter, listingId, payFen: 0, depositFen: 0, totalFen: 0 });
    expect(await listingRented(listingId)).toBe(true);
    // No money moved: no ledger row for the order, the balance as it was.
    expect(await db().select().from(walletLedger).where(eq(walletLedger.refNo, order.order_no))).toEqual([]);
    expect((await readWallet(db(), renter)).balanceFen).toBe(balanceBefore);

    expect(await countOf(renter)).toEqual({ per_day: FREE_RENTALS_PER_DAY, used_today: 1, remaining: FREE_RENTALS_PER_DAY - 1 });
    // It is one of the renter's orders like any other, on the running tab.
    const running = expectOk(await get<Page<OrderView>>(listRoute, '/api/v1/order/list?filter=running', renter));
    expect(running.list.map((item) => [item.order_no, item.is_free])).toEqual([[order.order_no, true]]);
  });

  it.skipIf(skip)('once the day\'s free rentals are used, another is refused with 409 and nothing is written', async () => {
    const renter = await freshUser();
    for (let i = 0; i < FREE_RENTALS_PER_DAY; i += 1) expectOk(await takeFree(renter, (await offeredListing()).listingId));
    const { listingId } = await offeredListing();
    expectError(await takeFree(renter, listingId), 409, MSG_FREE_DAILY_LIMIT_REACHED);
    expect(await ordersOf(renter)).toHaveLength(FREE_RENTALS_PER_DAY);
    expect(await listingRented(listingId)).toBe(false);
    expect(await countOf(renter)).toEqual({ per_day: FREE_RENTALS_PER_DAY, used_today: FREE_RENTALS_PER_DAY, remaining: 0 });
  });

  it.skipIf(skip)('the allowance is per Shanghai day: an order at 23:59 counts for that day, a new day starts at 00:00 Shanghai', async () => {
    const renter = await freshUser();
    const midnight = shanghaiMidnight(new Date(Date.now() + DAY));
    const lateEvening = new Date(midnight.getTime() - MINUTE);
    const window = { startsAt: new Date(midnight.getTime() - DAY), endsAt: new Date(midnight.getTime() + DAY) };
    for (let i = 0; i < FREE_RENTALS_PER_DAY; i += 1) await createFreeOrder(db(), renter, { account_id: (await offeredListing(1, lateEvening, window)).listingId }, null, lateEvening);
    expect(await freeCount(db(), renter, lateEvening)).toEqual({ per_day: FREE_RENTALS_PER_DAY, used_today: FREE_RENTALS_PER_DAY, remaining: 0 });
    const { listingId } = await offeredListing(1, lateEvening, window);
    await expectRejected(createFreeOrder(db(), renter, { account_id: listingId }, null, new Date(midnight.getTime() - 1)), 409, MSG_FREE_DAILY_LIMIT_REACHED);

    expect(await freeCount(db(), renter, midnight)).toEqual({ per_day: FREE_RENTALS_PER_DAY, used_today: 0, remaining: FREE_RENTALS_PER_DAY });
    const nextDay = await createFreeOrder(db(), renter, { account_id: listingId }, null, midnight);
    expect(nextDay.is_free).toBe(true);
    expect(await freeCount(db(), renter, midnight)).toMatchObject({ used_today: 1 });
  });

  it.skipIf(skip)('an offer that has not started or has ended, or no offer at all, is 400 with a clear message', async () => {
    const renter = await freshUser();
    const now = new Date();
    const ended = await offeredListing(1, now, { startsAt: new Date(now.getTime() - 2 * DAY), endsAt: new Date(now.getTime() - MINUTE) });
    const future = await offeredListing(1, now, { startsAt: new Date(now.getTime() + HOUR), endsAt: new Date(now.getTime() + DAY) });
    const none = state.pool.shift()!;
    for (const listingId of [ended.listingId, future.listingId, none]) {
      expectError(await takeFree(renter, listingId), 400, MSG_FREE_OFFER_INACTIVE);
      expect(await listingRented(listingId)).toBe(false);
    }
    // Refusals leave the allowance whole.
    expect(await countOf(renter)).toMatchObject({ used_today: 0, remaining: FREE_RENTALS_PER_DAY });
    // The offer window's end is exclusive, its start inclusive (as on the /free list).
    const edge = await offeredListing(1, now, { startsAt: now, endsAt: new Date(now.getTime() + HOUR) });
    await expectRejected(createFreeOrder(db(), renter, { account_id: edge.listingId }, null, new Date(now.getTime() + HOUR)), 400, MSG_FREE_OFFER_INACTIVE);
    expect((await createFreeOrder(db(), renter, { account_id: edge.listingId }, null, now)).is_free).toBe(true);
  });

  it.skipIf(skip)('a missing account answers 404 账号已删除 code -400 (spec §8); a body without a valid account_id is 400', async () => {
    const renter = await freshUser();
    const missing = await takeFree(renter, 99_999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(-400);
    for (const body of [{}, { account_id: 'abc' }, { account_id: 0 }, { account_id: 1.5 }]) {
      const result = await post(createFreeRoute, '/api/v1/free/createOrder', renter, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.code).not.toBe(0);
    }
  });

  it.skipIf(skip)('needs real-name verification: 403 code 1003, and the allowance stays', async () => {
    const { listingId } = await offeredListing();
    const unverified = await freshUser({ realName: false });
    expectError(await takeFree(unverified, listingId, newKey()), 403, MSG_REAL_NAME_REQUIRED, MONEY_CODES.realNameRequired);
    expect(await ordersOf(unverified)).toEqual([]);
    expect(await countOf(unverified)).toMatchObject({ used_today: 0 });
    await db().update(users).set({ isRealName: true }).where(eq(users.id, unverified));
    expect(expectOk(await takeFree(unverified, listingId, newKey())).is_free).toBe(true);
  });

  it.skipIf(skip)('answers 401 without a token, and other methods with 405', async () => {
    const { listingId } = await offeredListing();
    expectUnauthorized(await callRoute(createFreeRoute, '/api/v1/free/createOrder', { method: 'POST', body: { account_id: listingId } }));
    expectUnauthorized(await callRoute(freeOrdersRoute, '/api/v1/free/orders'));
    expectUnauthorized(await callRoute(createFreeRoute, '/api/v1/free/createOrder', { method: 'POST', body: { account_id: listingId }, authorization: 'Bearer not-a-real-token' }));
    expect(await listingRented(listingId)).toBe(false);
    expect((await callRoute(createFreeOther, '/api/v1/free/createOrder', { method: 'GET' })).status).toBe(405);
    expect((await callRoute(freeOrdersOther, '/api/v1/free/orders', { method: 'POST' })).status).toBe(405);
  });

  it.skipIf(skip)('a window held by a paid rental, or by an unpaid one (the exclusion constraint), is 409 code 1006; the allowance stays', async () => {
    const now = new Date();
    const payer = await freshUser();
    await db().transaction((tx) => changeBalance(tx, { userId: payer, kind: 'demo_credit', amountFen: 1_000_000, refNo: `free-test-credit-${(serial += 1)}` }));
    const renter = await freshUser();

    const paid = await offeredListing();
    const paidOrder = await createOrder(db(), payer, { account_id: paid.listingId, option: 'hourly', hours: 24 }, null, now);
    expect((await payOrder(db(), payer, { order_no: paidOrder.order_no, channel: 'wallet' }, null, SITE, now)).paid).toBe(true);
    expectError(await takeFree(renter, paid.listingId), 409, MSG_WINDOW_TAKEN, MONEY_CODES.windowTaken);
    // A paid rental is not a free one: the payer's allowance is whole.
    expect(await countOf(payer)).toMatchObject({ used_today: 0, remaining: FREE_RENTALS_PER_DAY });

    // An unpaid order inside its 15 minutes holds the window without marking the listing rented:
    // only the constraint can refuse the free order.
    const unpaid = await offeredListing();
    await createOrder(db(), payer, { account_id: unpaid.listingId, option: 'hourly', hours: 24 }, null, new Date());
    expect(await listingRented(unpaid.listingId)).toBe(false);
    expectError(await takeFree(renter, unpaid.listingId), 409, MSG_WINDOW_TAKEN, MONEY_CODES.windowTaken);

    expect(await ordersOf(renter)).toEqual([]);
    expect(await countOf(renter)).toMatchObject({ used_today: 0, remaining: FREE_RENTALS_PER_DAY });
    // And a free rental holds its window against paid renters in turn.
    const held = await offeredListing();
    expectOk(await takeFree(renter, held.listingId));
    // another renter: the payer already holds the two open rentals a new renter may (rules/new-renter.ts)
    await expectRejected(createOrder(db(), await freshUser(), { account_id: held.listingId, option: 'hourly', hours: 24 }, null, new Date()), 409, MSG_WINDOW_TAKEN, MONEY_CODES.windowTaken);
  });

  it.skipIf(skip)('the login details are the renter\'s alone', async () => {
    const { listingId } = await offeredListing();
    const renter = await freshUser();
    const stranger = await freshUser();
    const order = expectOk(await takeFree(renter, listingId));
    const path = `/api/v1/order/credentials?order_no=${encodeURIComponent(order.order_no)}`;
    const credentials = expectOk(await get<Credentials>(credentialsRoute, path, renter));
    expect(credentials.login_account).toBe(`zh_demo_${listingId}`);
    expect(credentials.login_password.length).toBeGreaterThan(0);
    expect(credentials.seconds_left).toBeGreaterThan(2 * HOUR / 1000 - 5);
    expect(credentials.ends_at).toBe(order.hire_end_time);
    expectError(await get(credentialsRoute, path, stranger), 404, MSG_ORDER_NOT_FOUND);
  });

  it.skipIf(skip)('cancelling gives back nothing (nothing was paid), frees the listing and keeps the day\'s count used', async () => {
    const first = await offeredListing();
    const renter = await freshUser();
    const order = expectOk(await takeFree(renter, first.listingId));
    const preview = expectOk(await get<CancelPreview>(cancelPreviewRoute, `/api/v1/order/cancelPreview?order_no=${order.order_no}`, renter));
    expect(preview).toMatchObject({ refund_fen: 0, deposit: '0.00', total_fen: 0 });

    const cancelled = expectOk(await post<OrderView>(cancelRoute, '/api/v1/order/cancel', renter, { order_no: order.order_no }));
    expect(cancelled).toMatchObject({ order_status: ORDER_STATUS.cancelled, is_free: true, refund_amount: '0.00', deposit_returned: '0.00' });
    expect(await listingRented(first.listingId)).toBe(false);
    expect(await db().select().from(walletLedger).where(eq(walletLedger.userId, renter))).toEqual([]);
    expect(await ledgerSum(db(), renter)).toBe(0);

    // Still counted: cancelling is not a way to a second free rental today.
    expect(await countOf(renter)).toMatchObject({ used_today: 1, remaining: FREE_RENTALS_PER_DAY - 1 });
    if (FREE_RENTALS_PER_DAY === 1) expectError(await takeFree(renter, (await offeredListing()).listingId), 409, MSG_FREE_DAILY_LIMIT_REACHED);
    // The cancelled order gave its window back: someone else may take the same offer now.
    expect(expectOk(await takeFree(await freshUser(), first.listingId)).is_free).toBe(true);
  });

  it.skipIf(skip)('the end-of-rental sweep finishes a free rental like a paid one, with no money to give back', async () => {
    const { listingId } = await offeredListing(1);
    const renter = await freshUser();
    const order = expectOk(await takeFree(renter, listingId));
    await sweepOrders(db(), new Date(Date.parse(order.hire_end_time!) + 1));
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, order.order_no));
    expect(row).toMatchObject({ status: ORDER_STATUS.finished, depositReturnedFen: 0, refundFen: 0 });
    expect(await db().select().from(walletLedger).where(eq(walletLedger.userId, renter))).toEqual([]);
  });

  it.skipIf(skip)('one Idempotency-Key is one order: a repeat answers the first and uses no second free rental', async () => {
    const { listingId } = await offeredListing();
    const renter = await freshUser();
    const key = newKey();
    const first = expectOk(await takeFree(renter, listingId, key));
    const again = expectOk(await takeFree(renter, listingId, key));
    expect(again.order_no).toBe(first.order_no);
    expect(await ordersOf(renter)).toHaveLength(1);
    expect(await countOf(renter)).toMatchObject({ used_today: 1 });
  });

  it.skipIf(skip)('GET free/orders pages through the user\'s free orders only, newest first', async () => {
    const renter = await freshUser();
    const now = Date.now();
    // One paid order that must not show, then three free orders on three days (the allowance is per day).
    const paidListing = state.pool.shift()!;
    await createOrder(db(), renter, { account_id: paidListing, option: 'hourly', hours: 24 }, null, new Date(now));
    const taken: string[] = [];
    for (let day = 0; day < 3; day += 1) {
      const at = new Date(now + day * DAY);
      const { listingId } = await offeredListing(1, at, { startsAt: new Date(now - DAY), endsAt: new Date(now + 4 * DAY) });
      taken.push((await createFreeOrder(db(), renter, { account_id: listingId }, null, at)).order_no);
    }

    const firstPage = expectOk(await get<Page<OrderView>>(freeOrdersRoute, '/api/v1/free/orders?page_size=2', renter));
    expect(firstPage).toMatchObject({ total: 3, page: 1, page_size: 2 });
    const secondPage = expectOk(await get<Page<OrderView>>(freeOrdersRoute, '/api/v1/free/orders?page=2&page_size=2', renter));
    expect([...firstPage.list, ...secondPage.list].map((order) => order.order_no)).toEqual([...taken].reverse());
    expect([...firstPage.list, ...secondPage.list].every((order) => order.is_free)).toBe(true);
    // Someone else sees none of them.
    expect(expectOk(await get<Page<OrderView>>(freeOrdersRoute, '/api/v1/free/orders', await freshUser())).total).toBe(0);
    for (const query of ['page=0', 'page_size=51', 'page=abc']) expect((await get(freeOrdersRoute, `/api/v1/free/orders?${query}`, renter)).status).toBe(400);
  });

  it.skipIf(skip)('the schema keeps a free order deposit-free and a rental, and an offer reference only on free orders', async () => {
    const { listingId } = await offeredListing();
    const renter = await freshUser();
    const order = expectOk(await takeFree(renter, listingId));
    await expect(db().update(orders).set({ depositFen: 100, totalFen: 100 }).where(eq(orders.orderNo, order.order_no))).rejects.toThrow();
    await expect(db().update(orders).set({ isFree: false }).where(eq(orders.orderNo, order.order_no))).rejects.toThrow();
    // Deleting the offer keeps the order free and counted; only the reference goes.
    await db().delete(freeOffers).where(eq(freeOffers.listingId, listingId));
    const [row] = await db().select({ isFree: orders.isFree, freeOfferId: orders.freeOfferId }).from(orders).where(eq(orders.orderNo, order.order_no));
    expect(row).toEqual({ isFree: true, freeOfferId: null });
    expect(await countOf(renter)).toMatchObject({ used_today: 1 });
  });
});

describe.skipIf(!pgUrl)('free-order races on PostgreSQL (DATABASE_URL_TEST)', () => {
  const state = suiteDatabase('postgres', !pgUrl);
  const db = (): Db => state.db;

  async function offered(n: number): Promise<number[]> {
    const ids = state.pool.splice(0, n);
    if (ids.length < n) throw new Error('the demo seed has too few bookable listings');
    const now = Date.now();
    await db()
      .insert(freeOffers)
      .values(ids.map((listingId) => ({ listingId, freeHours: 2, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) })));
    return ids;
  }

  /**
   * Opens every connection of the pool first: a connection made on demand takes longer than a
   * whole free order, so the first request would finish before the others even started.
   */
  async function warmPool(): Promise<void> {
    await Promise.all(Array.from({ length: 10 }, () => db().execute(sql`select pg_sleep(0.05)`)));
  }

  async function verifiedUsers(n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const id = await db().transaction((tx) => createUser(tx, { username: `free_race_${(serial += 1)}`, nickname: '免费并发' }, new Date()));
      if (id === null) throw new Error('username taken');
      await db().update(users).set({ isRealName: true }).where(eq(users.id, id));
      ids.push(id);
    }
    return ids;
  }

  it(`10 concurrent free orders by one renter on 10 offers: exactly ${FREE_RENTALS_PER_DAY} created, the rest 409 今日免费次数已用完 (3 rounds)`, async () => {
    // A race that goes wrong may still come out right once; three renters make a lucky pass unlikely.
    for (let round = 0; round < 3; round += 1) {
      const [renter] = await verifiedUsers(1);
      const listingIds = await offered(10);
      await warmPool();
      const now = new Date();
      const outcomes = await Promise.all(listingIds.map((listingId) => settle(createFreeOrder(db(), renter!, { account_id: listingId }, null, now))));

      expect(outcomes.filter((outcome) => 'unexpected' in outcome), 'errors other than AppError (a 500 at the endpoint)').toEqual([]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(FREE_RENTALS_PER_DAY);
      const refused = outcomes.filter((outcome) => !outcome.ok);
      expect(refused).toHaveLength(10 - FREE_RENTALS_PER_DAY);
      for (const outcome of refused) expect(outcome).toEqual({ ok: false, status: 409, code: 1, msg: MSG_FREE_DAILY_LIMIT_REACHED });
      const [rows] = await db().select({ n: count() }).from(orders).where(and(eq(orders.userId, renter!), eq(orders.isFree, true)));
      expect(rows!.n).toBe(FREE_RENTALS_PER_DAY);
      expect(await freeCount(db(), renter!, now)).toEqual({ per_day: FREE_RENTALS_PER_DAY, used_today: FREE_RENTALS_PER_DAY, remaining: 0 });
    }
  });

  it('10 renters racing for one free offer: exactly one order, 9 refusals 409 code 1006, and their allowances stay', async () => {
    const [listingId] = await offered(1);
    const renters = await verifiedUsers(10);
    await warmPool();
    const now = new Date();
    const outcomes = await Promise.all(renters.map((userId) => settle(createFreeOrder(db(), userId, { account_id: listingId! }, null, now))));

    expect(outcomes.filter((outcome) => 'unexpected' in outcome), 'errors other than AppError (a 500 at the endpoint)').toEqual([]);
    const won = outcomes.filter((outcome): outcome is { ok: true; value: OrderView } => outcome.ok);
    expect(won).toHaveLength(1);
    const refused = outcomes.filter((outcome) => !outcome.ok);
    expect(refused).toHaveLength(9);
    for (const outcome of refused) expect(outcome).toEqual({ ok: false, status: 409, code: MONEY_CODES.windowTaken, msg: MSG_WINDOW_TAKEN });
    const rows = await db().select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.listingId, listingId!));
    expect(rows).toEqual([{ orderNo: won[0]!.value.order_no }]);
    const losers = renters.filter((_, index) => !outcomes[index]!.ok);
    for (const userId of losers) expect((await freeCount(db(), userId, now)).used_today).toBe(0);
  });
});
