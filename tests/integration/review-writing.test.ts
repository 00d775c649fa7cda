/**
 * Reviews a renter writes (spec §2 account "assess" and "assessInfo", §7 account "comments";
 * docs/reviews-api.md): one review per finished rental of one's own, the 待评价 and 已评价 lists,
 * one review by id, and the review on the listing's public detail/comments. Through the endpoints,
 * on an in-memory PGlite and, when DATABASE_URL_TEST is set, a fresh PostgreSQL.
 *
 * Every case makes its own users and rents its own listings from the demo seed the real way
 * (create, pay from the wallet, and the sweep finishes the rental once its end has passed), so
 * cases never share an order; only the demo case reads renter01.
 */
import type { APIRoute } from 'astro';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NUL_IN_INPUT } from '~/platform/wire/common';
import type { OrderView, Page } from '~/features/wallet/client/money';
import type { MyReview } from '~/features/reviews/client';
import { MS_PER_DAY, ORDER_STATUS } from '~/platform/config/constants';
import { REVIEW_CONTENT_MAX_CHARS } from '~/features/reviews/constants';
import type { ReviewsPage } from '~/features/reviews/contract';
import { ANONYMOUS_NICKNAME, maskNickname } from '~/features/reviews/rules/reviews';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { DEMO_USERS } from '~/app/seed/demo';
import { seedDemoMoney } from '~/app/seed/money';
import { games, listingReviews, listings, orders, payments, users, vipPlans } from '~/platform/db/schema';
import { AppError } from '~/platform/http/errors';
import { cancelOrder, sweepOrders } from '~/features/orders/server/order-lifecycle';
import { findOwnOrder } from '~/features/orders/server/order-view';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { writeReview } from '~/features/reviews/server/review-writing';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { subscribeVip } from '~/features/wallet/server/vip';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { GET as reviewRoute, POST as writeRoute, ALL as reviewOther } from '~/pages/api/v1/account/comment';
import { GET as myReviewsRoute } from '~/pages/api/v1/account/comments';
import { GET as pendingRoute } from '~/pages/api/v1/account/commentsPending';
import { GET as orderDetailRoute } from '~/pages/api/v1/order/detail';
import { GET as publicCommentsRoute } from '~/pages/api/v1/detail/comments';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';
import { bookableAllDay } from './bookable-listings';


const SITE = { origin: 'http://localhost' };
const MSG_ORDER_NOT_FOUND = '订单不存在';
const MSG_EXISTS = '该订单已评价';
const MSG_NOT_FOUND = '评价不存在';
const MSG_NOT_FINISHED = '订单完成后才能评价';
const MSG_CANCELLED = '已取消的订单不能评价';
const MSG_ONLY_RENTALS = '只有租号订单可以评价';
const MSG_RATING = '请选择1-5星评分';
const MSG_EMPTY = '请填写评价内容';
const MSG_TOO_LONG = '评价内容最多500个字';
const MSG_UNREADABLE = '评价内容含有无法识别的字符';
/** When the finished rentals of this file were rented: long enough ago that their end has passed. */
const RENTED_DAYS_AGO = 2;

let serial = 0;

describe.each(TEST_DRIVERS)('reviews written by renters on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  let pool: { id: number; minRentalHours: number }[] = [];
  const tokens = new Map<number, string>();

  async function bearer(userId: number): Promise<string> {
    let token = tokens.get(userId);
    if (!token) {
      token = (await issueToken(db, userId, { now: new Date() })).token;
      tokens.set(userId, token);
    }
    return `Bearer ${token}`;
  }

  async function get<T>(route: APIRoute, path: string, userId?: number): Promise<CallResult<T>> {
    return callRoute<T>(route, path, userId === undefined ? {} : { authorization: await bearer(userId) });
  }

  async function write(userId: number, body: unknown): Promise<CallResult<MyReview>> {
    return callRoute<MyReview>(writeRoute, '/api/v1/account/comment', { method: 'POST', body, authorization: await bearer(userId) });
  }

  /** A verified renter with money, made the one way accounts are made. */
  async function freshUser(nickname = '评价测试员'): Promise<number> {
    const id = await db.transaction((tx) => createUser(tx, { username: `rev_${(serial += 1)}`, nickname }, new Date()));
    if (id === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true }).where(eq(users.id, id));
    await db.transaction((tx) => changeBalance(tx, { userId: id, kind: 'demo_credit', amountFen: 200_000, refNo: `review-test-credit-${(serial += 1)}` }));
    return id;
  }

  function takeListing(): { id: number; minRentalHours: number } {
    const listing = pool.shift();
    if (!listing) throw new Error('the demo seed has no bookable listing left');
    return listing;
  }

  /** Create at `now` (service) and pay from the wallet a minute later. */
  async function rentAndPay(userId: number, listing: { id: number; minRentalHours: number }, now: Date): Promise<string> {
    const order = await createOrder(db, userId, { account_id: listing.id, option: 'hourly', hours: listing.minRentalHours }, null, now);
    const paid = await payOrder(db, userId, { order_no: order.order_no, channel: 'wallet' }, null, SITE, new Date(now.getTime() + 60_000));
    if (!paid.paid) throw new Error('wallet payment did not pay');
    return order.order_no;
  }

  /** A rental of `userId` that ran days ago and that the sweep has finished (status 4 已完成). */
  async function finishedRental(userId: number): Promise<{ orderNo: string; listingId: number }> {
    const listing = takeListing();
    const orderNo = await rentAndPay(userId, listing, new Date(Date.now() - RENTED_DAYS_AGO * MS_PER_DAY));
    await sweepOrders(db, new Date());
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
    expect(row!.status).toBe(ORDER_STATUS.finished);
    return { orderNo, listingId: listing.id };
  }

  async function reviewRows(orderNo: string) {
    return db.select().from(listingReviews).where(eq(listingReviews.orderNo, orderNo));
  }

  const body = (orderNo: string, more: Record<string, unknown> = {}) => ({ order_no: orderNo, rating: 5, content: '上号很快，和描述一致', ...more });

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    pool = await db
      .select({ id: listings.id, minRentalHours: listings.minRentalHours })
      .from(listings)
      .innerJoin(games, eq(games.id, listings.gameId))
      .where(and(bookableAllDay(), isNull(listings.promoRentalHours)))
      .orderBy(listings.id);
  }, 120_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  it.skipIf(skip)('a renter reviews a finished rental: it leaves 待评价, leads 已评价, and its order shows 查看评价 instead of 评价', async () => {
    const renter = await freshUser();
    const { orderNo, listingId } = await finishedRental(renter);

    const pendingBefore = expectOk(await get<Page<OrderView>>(pendingRoute, '/api/v1/account/commentsPending', renter));
    expect(pendingBefore.total).toBe(1);
    expect(pendingBefore.list[0]).toMatchObject({ order_no: orderNo, order_status: 4, order_status_text: '已完成', review_id: null });
    expect(pendingBefore.list[0]!.actions.can_review).toBe(true);

    const review = expectOk(await write(renter, body(orderNo, { rating: 4, content: '  皮肤齐全，\n晚上有点卡  ', is_anonymous: false })));
    const [listing] = await db.select({ title: listings.title, imgs: listings.imgs, roleName: listings.roleName }).from(listings).where(eq(listings.id, listingId));
    expect(review).toMatchObject({
      rating: 4,
      content: '皮肤齐全，\n晚上有点卡',
      is_anonymous: false,
      shown_as: maskNickname('评价测试员'),
      product: { id: listingId, title: listing!.title, img: listing!.imgs[0] ?? null, role_name: listing!.roleName },
      order: { order_no: orderNo, option_label: '时租' },
    });
    expect(review.product.game_name).not.toBe('');
    expect(review.order?.hours).toBeGreaterThanOrEqual(1);
    expect(Date.parse(review.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const view = expectOk(await get<OrderView>(orderDetailRoute, `/api/v1/order/detail?order_no=${orderNo}`, renter));
    expect(view.review_id).toBe(review.id);
    expect(view.actions.can_review).toBe(false);

    expect(expectOk(await get<Page<OrderView>>(pendingRoute, '/api/v1/account/commentsPending', renter))).toMatchObject({ list: [], total: 0 });
    const written = expectOk(await get<Page<MyReview>>(myReviewsRoute, '/api/v1/account/comments', renter));
    expect(written).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(written.list).toEqual([review]);
    expect(expectOk(await get<MyReview>(reviewRoute, `/api/v1/account/comment?id=${review.id}`, renter))).toEqual(review);
  });

  it.skipIf(skip)("the review appears on the listing's public comments: masked nickname, or 匿名用户 without an avatar", async () => {
    const named = await freshUser('公开评价的玩家');
    const hidden = await freshUser('不想露名的玩家');
    await db.update(users).set({ avatar: 'https://img.example.com/a.png' }).where(eq(users.id, hidden));
    const first = await finishedRental(named);
    const second = await finishedRental(hidden);
    const shown = expectOk(await write(named, body(first.orderNo, { content: `公开的评价 ${serial}` })));
    const anonymous = expectOk(await write(hidden, body(second.orderNo, { rating: 3, content: `匿名的评价 ${serial}`, is_anonymous: true })));
    expect(anonymous.shown_as).toBe(ANONYMOUS_NICKNAME);

    const publicOf = async (listingId: number) =>
      expectOk(await callRoute<ReviewsPage>(publicCommentsRoute, `/api/v1/detail/comments?account_id=${listingId}&page_size=50`));
    const namedPage = await publicOf(first.listingId);
    expect(namedPage.list.find((item) => item.id === shown.id)).toMatchObject({ nickname: maskNickname('公开评价的玩家'), rating: 5, content: shown.content });
    const hiddenPage = await publicOf(second.listingId);
    const hiddenItem = hiddenPage.list.find((item) => item.id === anonymous.id);
    expect(hiddenItem).toMatchObject({ nickname: ANONYMOUS_NICKNAME, avatar: null, rating: 3, content: anonymous.content });
    expect(JSON.stringify(hiddenPage)).not.toContain('不想露名');
    // Newest first: the review just written leads its listing's page.
    expect(hiddenPage.list[0]!.id).toBe(anonymous.id);
  });

  it.skipIf(skip)('a second review of one order is 409 该订单已评价 and changes nothing', async () => {
    const renter = await freshUser();
    const { orderNo } = await finishedRental(renter);
    const first = expectOk(await write(renter, body(orderNo)));
    expectError(await write(renter, body(orderNo, { rating: 1, content: '改主意了' })), 409, MSG_EXISTS);
    expect(await reviewRows(orderNo)).toMatchObject([{ id: first.id, rating: 5 }]);
  });

  it.skipIf(skip)('ten reviews of one order sent at once: exactly one is written, every other answer is 409 该订单已评价', async () => {
    const renter = await freshUser();
    const { orderNo } = await finishedRental(renter);
    const now = new Date();
    // Ten connections that have already run the write's read (a fresh backend spends tens of ms
    // loading its catalogue caches first), so the ten writes really overlap on PostgreSQL: they
    // all read "no review yet", and the unique index, not that read, decides.
    if (driver === 'postgres') {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(0.05)`);
            await findOwnOrder(tx, renter, orderNo);
          }),
        ),
      );
    }
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        writeReview(db, renter, { order_no: orderNo, rating: 5, content: `第${index}条`, is_anonymous: false }, now).then(
          (review) => ({ ok: true as const, id: review.id }),
          (error: unknown) => (error instanceof AppError ? { ok: false as const, status: error.httpStatus, msg: error.message } : { ok: false as const, unexpected: String(error) }),
        ),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.ok);
    expect(won).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => !candidate.ok)) expect(outcome).toEqual({ ok: false, status: 409, msg: MSG_EXISTS });
    const rows = await reviewRows(orderNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe((won[0] as { id: number }).id);
  });

  it.skipIf(skip)("someone else's order and an unknown number answer 404 订单不存在; nothing is written", async () => {
    const renter = await freshUser();
    const stranger = await freshUser();
    const { orderNo } = await finishedRental(renter);
    expectError(await write(stranger, body(orderNo)), 404, MSG_ORDER_NOT_FOUND);
    expectError(await write(stranger, body('R2099010100000000000000')), 404, MSG_ORDER_NOT_FOUND);
    expect(await reviewRows(orderNo)).toEqual([]);
    // Still the renter's to write.
    expectOk(await write(renter, body(orderNo)));
  });

  it.skipIf(skip)('an order that is not a finished rental is 400: unpaid or running 订单完成后才能评价, cancelled 已取消的订单不能评价, VIP 只有租号订单可以评价', async () => {
    const renter = await freshUser();
    const now = new Date();
    // cancelled first: a new renter holds at most two open rentals (rules/new-renter.ts)
    const toCancel = await createOrder(db, renter, { account_id: takeListing().id, option: 'hourly', hours: 5 }, null, now);
    await cancelOrder(db, renter, toCancel.order_no, now);
    const unpaid = await createOrder(db, renter, { account_id: takeListing().id, option: 'hourly', hours: 5 }, null, now);
    const running = await rentAndPay(renter, takeListing(), now);
    const [plan] = await db.select({ id: vipPlans.id }).from(vipPlans).limit(1);
    const vip = await subscribeVip(db, renter, { plan_id: plan!.id }, null, now);

    expectError(await write(renter, body(unpaid.order_no)), 400, MSG_NOT_FINISHED);
    expectError(await write(renter, body(running)), 400, MSG_NOT_FINISHED);
    expectError(await write(renter, body(toCancel.order_no)), 400, MSG_CANCELLED);
    expectError(await write(renter, body(vip.order_no)), 400, MSG_ONLY_RENTALS);
    for (const orderNo of [unpaid.order_no, running, toCancel.order_no, vip.order_no]) expect(await reviewRows(orderNo)).toEqual([]);
    const view = expectOk(await get<OrderView>(orderDetailRoute, `/api/v1/order/detail?order_no=${running}`, renter));
    expect(view).toMatchObject({ review_id: null, actions: { can_review: false } });
    expect(expectOk(await get<Page<OrderView>>(pendingRoute, '/api/v1/account/commentsPending', renter)).total).toBe(0);
  });

  it.skipIf(skip)('a bad rating or text is 400 with its reason and writes nothing; 500 characters counted as a person counts them pass', async () => {
    const renter = await freshUser();
    const { orderNo } = await finishedRental(renter);
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, MSG_RATING],
      [{ rating: 6 }, MSG_RATING],
      [{ rating: 4.5 }, MSG_RATING],
      [{ rating: '5' }, MSG_RATING],
      [{ rating: undefined }, MSG_RATING],
      [{ content: '' }, MSG_EMPTY],
      [{ content: ' \n\t ' }, MSG_EMPTY],
      [{ content: undefined }, MSG_EMPTY],
      [{ content: 42 }, MSG_EMPTY],
      [{ content: '好'.repeat(REVIEW_CONTENT_MAX_CHARS + 1) }, MSG_TOO_LONG],
      // NUL is refused at the HTTP edge for every endpoint, before the review's own rule.
      [{ content: '好\u0000好' }, MSG_NUL_IN_INPUT],
      [{ content: '半个\ud83d字' }, MSG_UNREADABLE],
    ];
    for (const [more, msg] of cases) expectError(await write(renter, body(orderNo, more)), 400, msg);
    const wrongFlag = await write(renter, body(orderNo, { is_anonymous: 'yes' }));
    expect(wrongFlag.status).toBe(400);
    expect(wrongFlag.body.msg).toContain('is_anonymous');
    expect(await reviewRows(orderNo)).toEqual([]);
    expectUnauthorized(await callRoute(writeRoute, '/api/v1/account/comment', { method: 'POST', body: body(orderNo) }));
    expect((await callRoute(reviewOther, '/api/v1/account/comment', { method: 'DELETE' })).status).toBe(405);

    // 500 emoji are 500 characters (1,000 UTF-16 units): the form's count, the rule and varchar(500) agree.
    const emoji = '👍'.repeat(REVIEW_CONTENT_MAX_CHARS);
    const review = expectOk(await write(renter, body(orderNo, { content: emoji })));
    expect(review.content).toBe(emoji);
    expect(review.is_anonymous).toBe(false);
  });

  it.skipIf(skip)('待评价 and 已评价 page newest first; a page size out of bounds is 400', async () => {
    const renter = await freshUser();
    const rentals = [await finishedRental(renter), await finishedRental(renter), await finishedRental(renter)];
    const pendingPath = (query: string) => `/api/v1/account/commentsPending?${query}`;
    const firstPending = expectOk(await get<Page<OrderView>>(pendingRoute, pendingPath('page=1&page_size=2'), renter));
    const secondPending = expectOk(await get<Page<OrderView>>(pendingRoute, pendingPath('page=2&page_size=2'), renter));
    expect(firstPending).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(secondPending).toMatchObject({ total: 3, page: 2, page_size: 2 });
    // Newest order first.
    expect([...firstPending.list, ...secondPending.list].map((order) => order.order_no)).toEqual(rentals.map((rental) => rental.orderNo).reverse());

    // Written one after another: the last written leads 已评价.
    const base = Date.now();
    const ids: number[] = [];
    for (const [index, rental] of rentals.entries()) {
      ids.push((await writeReview(db, renter, { order_no: rental.orderNo, rating: 5, content: `第${index + 1}条`, is_anonymous: false }, new Date(base + index * 1000))).id);
    }
    const firstWritten = expectOk(await get<Page<MyReview>>(myReviewsRoute, '/api/v1/account/comments?page=1&page_size=2', renter));
    const secondWritten = expectOk(await get<Page<MyReview>>(myReviewsRoute, '/api/v1/account/comments?page=2&page_size=2', renter));
    expect(firstWritten).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect([...firstWritten.list, ...secondWritten.list].map((review) => review.id)).toEqual([...ids].reverse());
    expect(expectOk(await get<Page<MyReview>>(myReviewsRoute, '/api/v1/account/comments?page=3&page_size=2', renter)).list).toEqual([]);
    expect(expectOk(await get<Page<OrderView>>(pendingRoute, pendingPath(''), renter)).total).toBe(0);

    for (const query of ['page_size=51', 'page_size=0', 'page=0', 'page=x']) {
      expect((await get(myReviewsRoute, `/api/v1/account/comments?${query}`, renter)).status).toBe(400);
      expect((await get(pendingRoute, pendingPath(query), renter)).status).toBe(400);
    }
    expectUnauthorized(await get(myReviewsRoute, '/api/v1/account/comments'));
    expectUnauthorized(await get(pendingRoute, pendingPath('')));
  });

  it.skipIf(skip)("one review by id: one's own; anyone else's or none is 404 评价不存在; a bad id is 400", async () => {
    const renter = await freshUser();
    const stranger = await freshUser();
    const { orderNo } = await finishedRental(renter);
    const review = expectOk(await write(renter, body(orderNo, { is_anonymous: true })));
    expect(expectOk(await get<MyReview>(reviewRoute, `/api/v1/account/comment?id=${review.id}`, renter))).toMatchObject({ id: review.id, is_anonymous: true, shown_as: ANONYMOUS_NICKNAME });
    expectError(await get(reviewRoute, `/api/v1/account/comment?id=${review.id}`, stranger), 404, MSG_NOT_FOUND);
    expectError(await get(reviewRoute, '/api/v1/account/comment?id=2000000000', renter), 404, MSG_NOT_FOUND);
    for (const id of ['abc', '0', '-1', '']) expect((await get(reviewRoute, `/api/v1/account/comment?id=${id}`, renter)).status).toBe(400);
    expectUnauthorized(await get(reviewRoute, `/api/v1/account/comment?id=${review.id}`));
  });

  it.skipIf(skip)("the demo: renter01 has one finished rental to review, paid by the sandbox Alipay, and a wallet still equal to its ledger; seeding again adds none", async () => {
    const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERS.renter.username));
    const renterId = renter!.id;
    const pending = expectOk(await get<Page<OrderView>>(pendingRoute, '/api/v1/account/commentsPending', renterId));
    expect(pending.total).toBe(1);
    const order = pending.list[0]!;
    expect(order).toMatchObject({ kind: 'rental', order_status: 4, pay_channel: 'alipay', deposit: '0.00', hire_game_money_prices: '0.00', red_packet: null, review_id: null });
    expect(Date.parse(order.hire_end_time!)).toBeLessThan(Date.now());
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, order.order_no));
    const paid = await db.select().from(payments).where(eq(payments.orderId, row!.id));
    expect(paid).toMatchObject([{ status: 'paid', channel: 'alipay', amountFen: row!.totalFen }]);
    expect(row!.totalFen).toBeGreaterThan(0);
    expect(row!.finishedAt?.getTime()).toBe(row!.endsAt?.getTime());
    // The listing is one the seed shows rented by someone else, so no suite booking free listings takes it.
    const [listing] = await db.select({ isRented: listings.isRented, isListed: listings.isListed }).from(listings).where(eq(listings.id, row!.listingId!));
    expect(listing).toEqual({ isRented: true, isListed: true });

    const wallet = await readWallet(db, renterId);
    expect(wallet.balanceFen).toBe(50_000);
    expect(await ledgerSum(db, renterId)).toBe(50_000);

    // renter01 has written nothing yet: the demo's reviews are the players', each after a rental of
    // their own (seed history.ts).
    const written = expectOk(await get<Page<MyReview>>(myReviewsRoute, '/api/v1/account/comments?page_size=50', renterId));
    expect(written.total).toBe(0);

    expect(await seedDemoMoney(db, DEMO_USERS.renter.username)).toEqual({ seeded: false });
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, renterId))).toHaveLength(1);
  });
});
