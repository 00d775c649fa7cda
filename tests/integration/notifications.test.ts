/**
 * Notifications (spec §3 Notification, §7 notifications, notifications/unread, {id}/read; issue
 * 14): the list (paging, filter, unread first), one by id, the poll's popups, marking read, the
 * broadcast fan-out, is_today by the Shanghai day, and bad input, on PGlite and, when
 * DATABASE_URL_TEST is set, PostgreSQL.
 */
import type { APIRoute } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationKind, NotificationPage, NotificationReadAllResult, NotificationReadResult, NotificationView, UnreadNotifications } from '~/features/notifications/contract';
import { formatShanghaiDate } from '~/platform/rules/shanghai-time';
import type { Db } from '~/platform/db/client';
import { alipayAccounts, complaints, freeOffers, games, listings, notificationBroadcasts, notifications, orders, shops, users, wallets } from '~/platform/db/schema';
import { createFreeOrder } from '~/features/free/server/free-orders';
import { sweepMoney } from '~/app/jobs/money-sweep';
import { notifyComplaintDecided, notifyWithdrawalRefused, sweepNotifications } from '~/features/notifications/server/notification-events';
import { cancelOrder, sweepOrders } from '~/features/orders/server/order-lifecycle';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { answerComplaint } from '~/features/sellers/server/seller-orders';
import { RELEASE_BATCH, releaseDueEarnings } from '~/features/sellers/server/settlement';
import { createComplaint } from '~/features/complaints/server/complaints';
import { notificationLink } from '~/features/notifications/notification-links';
import { changeBalance } from '~/features/wallet/server/wallet';
import { createWithdrawal } from '~/features/wallet/server/withdrawals';
import { sweepPayouts } from '~/features/wallet/server/payouts';
import {
  broadcast,
  getNotification,
  listNotifications,
  MSG_NOTIFICATION_NOT_FOUND,
  notify,
  unreadNotifications,
  type NotifyInput,
} from '~/features/notifications/server/notifications';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { GET as listRoute, HEAD as listHead, ALL as listOther } from '~/pages/api/v1/notifications/index';
import { GET as unreadRoute, ALL as unreadOther } from '~/pages/api/v1/notifications/unread';
import { POST as readAllRoute, ALL as readAllOther } from '~/pages/api/v1/notifications/readAll';
import { GET as oneRoute, ALL as oneOther } from '~/pages/api/v1/notifications/[id]';
import { POST as readRoute, ALL as readOther } from '~/pages/api/v1/notifications/[id]/read';
import { bookableAllDay } from './bookable-listings';
import { DEMO_USERS } from '~/app/seed/demo';
import { DEMO_BROADCAST } from '~/app/seed/notifications';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, type CallOptions, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

let serial = 0;

const call = <T = unknown>(route: APIRoute, path: string, options: CallOptions = {}): Promise<CallResult<T>> =>
  callRoute<T>(route, path, { ...options, headers: { 'user-agent': 'vitest', ...options.headers } });

const qs = (query: Record<string, string | number> = {}): string =>
  new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();

/** 2026-11-25 00:30 Shanghai is 2026-11-24 16:30 UTC: a moment where the UTC and Shanghai days differ. */
const SHANGHAI_EARLY = new Date('2026-11-24T16:30:00.000Z');

const message = (overrides: Partial<NotifyInput> = {}): NotifyInput => ({
  type: 'order_paid',
  title: '订单支付成功',
  content: '您的订单已支付',
  params: { order_no: 'T0001' },
  ...overrides,
});

describe.each(TEST_DRIVERS)('notifications on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip }, (opened) => {
    db = opened;
  });

  async function freshUser(): Promise<number> {
    const id = await db.transaction((tx) => createUser(tx, { username: `nt_${(serial += 1)}`, nickname: '通知测试' }, new Date()));
    if (id === null) throw new Error('username taken');
    // createUser gives the welcome red envelopes (and their notification); start each test empty.
    await db.delete(notifications).where(eq(notifications.userId, id));
    return id;
  }

  async function bearerFor(userId: number): Promise<string> {
    const { token } = await issueToken(db, userId, { now: new Date() });
    return `Bearer ${token}`;
  }

  async function write(userId: number, input: Partial<NotifyInput> = {}, at?: Date): Promise<number> {
    const id = await notify(db, userId, message(input), at);
    if (id === null) throw new Error('not written');
    return id;
  }

  it.skipIf(skip)('lists unread first then newest, pages, counts unread, filters by kind', async () => {
    const userId = await freshUser();
    const auth = await bearerFor(userId);
    const a = await write(userId, { type: 'order_paid' });
    const b = await write(userId, { type: 'complaint_answered', params: { order_no: 'T0002' } });
    const c = await write(userId, { type: 'red_packet', params: {} });
    const d = await write(userId, { type: 'broadcast', params: {} });
    // read b: it goes after every unread one
    expectOk(await call<NotificationReadResult>(readRoute, `/api/v1/notifications/${b}/read`, { method: 'POST', authorization: auth, params: { id: String(b) } }));

    const all = expectOk(await call<NotificationPage>(listRoute, '/api/v1/notifications', { authorization: auth }));
    expect(all.list.map((row) => row.id)).toEqual([d, c, a, b]);
    expect(all.list.map((row) => row.is_read)).toEqual([false, false, false, true]);
    expect(all).toMatchObject({ total: 4, page: 1, page_size: 20, unread: 3 });
    expect(all.list[2]).toMatchObject({ notification_type: 'order_paid', title: '订单支付成功', params: { order_no: 'T0001' }, is_today: true });

    const second = expectOk(await call<NotificationPage>(listRoute, `/api/v1/notifications?${qs({ page: 2, page_size: 3 })}`, { authorization: auth }));
    expect(second.list.map((row) => row.id)).toEqual([b]);
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3, unread: 3 });

    const orders = expectOk(await call<NotificationPage>(listRoute, `/api/v1/notifications?${qs({ filter: 'order' })}`, { authorization: auth }));
    expect(orders.list.map((row) => row.id)).toEqual([a]);
    expect(orders.total).toBe(1);
    const system = expectOk(await call<NotificationPage>(listRoute, `/api/v1/notifications?${qs({ filter: 'system' })}`, { authorization: auth }));
    expect(system.list.map((row) => row.id)).toEqual([d]);

    // mark all read by filter, then all
    const marked = expectOk(await call<NotificationReadAllResult>(readAllRoute, '/api/v1/notifications/readAll', { method: 'POST', authorization: auth, body: { filter: 'money' } }));
    expect(marked).toEqual({ marked: 1, unread: 2 });
    const rest = expectOk(await call<NotificationReadAllResult>(readAllRoute, '/api/v1/notifications/readAll', { method: 'POST', authorization: auth }));
    expect(rest).toEqual({ marked: 2, unread: 0 });
    const after = expectOk(await call<NotificationPage>(listRoute, '/api/v1/notifications', { authorization: auth }));
    expect(after.unread).toBe(0);
    expect(after.list.map((row) => row.id)).toEqual([d, c, b, a]);
  });

  it.skipIf(skip)('the poll answers unread popups oldest first, popup=true only, capped, and the unread count', async () => {
    const userId = await freshUser();
    const auth = await bearerFor(userId);
    const first = await write(userId);
    await write(userId, { popup: false, dedupeKey: 'quiet' });
    const third = await write(userId, { type: 'rental_starting' });
    let unread = expectOk(await call<UnreadNotifications>(unreadRoute, '/api/v1/notifications/unread?is_today=true', { authorization: auth }));
    expect(unread.popups.map((row) => row.id)).toEqual([first, third]);
    expect(unread.unread).toBe(3);
    expect(unread.popups[0]).toMatchObject({ title: '订单支付成功', params: { order_no: 'T0001' }, is_read: false, is_today: true });

    expectOk(await call(readRoute, `/api/v1/notifications/${first}/read`, { method: 'POST', authorization: auth, params: { id: String(first) } }));
    // idempotent
    const again = expectOk(await call<NotificationReadResult>(readRoute, `/api/v1/notifications/${first}/read`, { method: 'POST', authorization: auth, params: { id: String(first) } }));
    expect(again).toEqual({ id: first, unread: 2 });
    unread = expectOk(await call<UnreadNotifications>(unreadRoute, '/api/v1/notifications/unread', { authorization: auth }));
    expect(unread.popups.map((row) => row.id)).toEqual([third]);

    for (let i = 0; i < 25; i += 1) await write(userId, { type: 'broadcast', params: {} });
    unread = expectOk(await call<UnreadNotifications>(unreadRoute, '/api/v1/notifications/unread', { authorization: auth }));
    expect(unread.popups).toHaveLength(20);
    expect(unread.popups[0]!.id).toBe(third);
    expect(unread.unread).toBe(27);

    // nothing unread still answers the count
    const empty = await freshUser();
    const none = expectOk(await call<UnreadNotifications>(unreadRoute, '/api/v1/notifications/unread', { authorization: await bearerFor(empty) }));
    expect(none).toEqual({ popups: [], unread: 0 });
  });

  it.skipIf(skip)('another user\'s id is 404 on get and read, and stays unread', async () => {
    const owner = await freshUser();
    const other = await freshUser();
    const id = await write(owner);
    const auth = await bearerFor(other);
    expectError(await call(oneRoute, `/api/v1/notifications/${id}`, { authorization: auth, params: { id: String(id) } }), 404, MSG_NOTIFICATION_NOT_FOUND);
    expectError(await call(readRoute, `/api/v1/notifications/${id}/read`, { method: 'POST', authorization: auth, params: { id: String(id) } }), 404, MSG_NOTIFICATION_NOT_FOUND);
    expectError(await call(oneRoute, '/api/v1/notifications/2147483647', { authorization: auth, params: { id: '2147483647' } }), 404, MSG_NOTIFICATION_NOT_FOUND);
    const [row] = await db.select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, id));
    expect(row!.readAt).toBeNull();
    const mine = expectOk(await call<NotificationView>(oneRoute, `/api/v1/notifications/${id}`, { authorization: await bearerFor(owner), params: { id: String(id) } }));
    expect(mine).toMatchObject({ id, title: '订单支付成功', is_read: false });
    // readAll of another user touches nothing of the owner's
    expectOk(await call(readAllRoute, '/api/v1/notifications/readAll', { method: 'POST', authorization: auth }));
    expect((await getNotification(db, owner, id, new Date())).is_read).toBe(false);
  });

  it.skipIf(skip)('is_today is the Shanghai day of the clock, for the list, the flag and the poll', async () => {
    const userId = await freshUser();
    const now = SHANGHAI_EARLY; // 00:30 Shanghai, 25 November
    const yesterdayLate = await write(userId, { title: '昨天' }, new Date('2026-11-24T15:59:00.000Z')); // 23:59 Shanghai 24th
    const todayEarly = await write(userId, { title: '今天' }, new Date('2026-11-24T16:00:00.000Z')); // 00:00 Shanghai 25th
    const today = await listNotifications(db, userId, { is_today: true }, now);
    expect(today.list.map((row) => row.id)).toEqual([todayEarly]);
    expect(today.list[0]!.is_today).toBe(true);
    const before = await listNotifications(db, userId, { is_today: false }, now);
    expect(before.list.map((row) => row.id)).toEqual([yesterdayLate]);
    expect(before.list[0]!.is_today).toBe(false);
    const both = await listNotifications(db, userId, {}, now);
    expect(both.list.map((row) => [row.id, row.is_today])).toEqual([
      [todayEarly, true],
      [yesterdayLate, false],
    ]);
    expect(both.unread).toBe(2);
    const poll = await unreadNotifications(db, userId, { is_today: true }, now);
    expect(poll.popups.map((row) => row.id)).toEqual([todayEarly]);
    expect(poll.unread).toBe(2);
    expect((await unreadNotifications(db, userId, { is_today: false }, now)).popups.map((row) => row.id)).toEqual([yesterdayLate]);
    // A day later in Shanghai, neither is today.
    const nextDay = new Date(now.getTime() + 24 * 3_600_000);
    expect((await listNotifications(db, userId, { is_today: true }, nextDay)).total).toBe(0);
  });

  it.skipIf(skip)('a dedupe key writes once per user', async () => {
    const userId = await freshUser();
    const other = await freshUser();
    expect(await notify(db, userId, message({ dedupeKey: 'rental_starting:1' }))).not.toBeNull();
    expect(await notify(db, userId, message({ dedupeKey: 'rental_starting:1' }))).toBeNull();
    expect(await notify(db, other, message({ dedupeKey: 'rental_starting:1' }))).not.toBeNull();
    // no key: no dedupe
    expect(await notify(db, userId, message())).not.toBeNull();
    expect(await notify(db, userId, message())).not.toBeNull();
    const rows = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(rows).toHaveLength(3);
  });

  it.skipIf(skip)('a broadcast fans out to its segment in one statement and records itself', async () => {
    const plain = await freshUser();
    const vip = await freshUser();
    const seller = await freshUser();
    await db.insert(wallets).values({ userId: vip, vipExpiresAt: new Date(Date.now() + 86_400_000) }).onConflictDoUpdate({ target: wallets.userId, set: { vipExpiresAt: new Date(Date.now() + 86_400_000) } });
    await db.insert(shops).values({ ownerUserId: seller, name: `店铺${serial}` });

    const vipCast = await broadcast(db, { title: '会员专享', content: '会员福利上线', segment: 'vip' });
    const sellerCast = await broadcast(db, { title: '卖家须知', content: '结算规则更新', segment: 'sellers' });
    const allCast = await broadcast(db, { title: '系统维护', content: '今晚 2 点维护', segment: 'all' });
    const [recorded] = await db.select().from(notificationBroadcasts).where(eq(notificationBroadcasts.id, allCast.id));
    expect(recorded!.recipients).toBe(allCast.recipients);
    const titles = async (userId: number) =>
      (await db.select({ title: notifications.title, type: notifications.notificationType, broadcastId: notifications.broadcastId }).from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id)).map(
        (row) => `${row.type}:${row.title}:${row.broadcastId}`,
      );
    expect(await titles(plain)).toEqual([`broadcast:系统维护:${allCast.id}`]);
    expect(await titles(vip)).toEqual([`broadcast:会员专享:${vipCast.id}`, `broadcast:系统维护:${allCast.id}`]);
    expect(await titles(seller)).toEqual([`broadcast:卖家须知:${sellerCast.id}`, `broadcast:系统维护:${allCast.id}`]);
    expect(vipCast.recipients).toBeGreaterThanOrEqual(1);
    expect(allCast.recipients).toBeGreaterThanOrEqual(3);
    await expect(broadcast(db, { title: '', content: 'x' })).rejects.toMatchObject({ httpStatus: 400 });
  });

  it.skipIf(skip)('bad input answers 4xx with a Chinese message, never 500', async () => {
    const userId = await freshUser();
    const auth = await bearerFor(userId);
    const id = await write(userId);
    for (const bad of ['abc', '-1', '0', '1e99', '1.5', '99999999999999999999', '2147483648', '\u0000', `${id}\u0000`, ' ']) {
      const got = await call(oneRoute, `/api/v1/notifications/${encodeURIComponent(bad)}`, { authorization: auth, params: { id: bad } });
      expect([400, 404], `GET id ${JSON.stringify(bad)}`).toContain(got.status);
      expect(got.body.code).toBe(1);
      expect(got.body.msg).toMatch(/[\u4e00-\u9fff]/);
      const read = await call(readRoute, `/api/v1/notifications/${encodeURIComponent(bad)}/read`, { method: 'POST', authorization: auth, params: { id: bad } });
      expect([400, 404], `POST id ${JSON.stringify(bad)}`).toContain(read.status);
    }
    expectError(await call(oneRoute, '/api/v1/notifications/abc', { authorization: auth, params: { id: 'abc' } }), 400, /参数 id 无效/);
    const queries: Record<string, string>[] = [
      { is_today: 'yes' },
      { is_today: '\u0000' },
      { filter: 'orders' },
      { filter: '\u0000' },
      { page: '0' },
      { page: '1e99' },
      { page: '99999999999999999999' },
      { page_size: '51' },
      { page_size: '-1' },
      { page_size: 'abc' },
    ];
    for (const query of queries) {
      const got = await call(listRoute, `/api/v1/notifications?${qs(query)}`, { authorization: auth });
      expect(got.status, JSON.stringify(query)).toBe(400);
      expect(got.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await call(unreadRoute, `/api/v1/notifications/unread?${qs({ is_today: 'maybe' })}`, { authorization: auth })).status).toBe(400);
    for (const body of [{ filter: 'nope' }, { filter: 5 }, { filter: '\u0000' }, []]) {
      const got = await call(readAllRoute, '/api/v1/notifications/readAll', { method: 'POST', authorization: auth, body });
      expect(got.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(readAllRoute, '/api/v1/notifications/readAll', { method: 'POST', authorization: auth, text: '{bad' })).status).toBe(400);
    expect((await call(readAllRoute, '/api/v1/notifications/readAll', { method: 'POST', authorization: auth, text: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await call(readAllRoute, '/api/v1/notifications/readAll', { method: 'POST', authorization: auth, text: 'x'.repeat(5000) })).status).toBe(413);
    // an empty body with a JSON content-type is "no filter", like no body at all
    expectOk(await call(readAllRoute, '/api/v1/notifications/readAll', { method: 'POST', authorization: auth, text: '' }));

    // wrong methods
    for (const [route, path] of [
      [listOther, '/api/v1/notifications'],
      [unreadOther, '/api/v1/notifications/unread'],
      [readAllOther, '/api/v1/notifications/readAll'],
      [oneOther, `/api/v1/notifications/${id}`],
      [readOther, `/api/v1/notifications/${id}/read`],
    ] as const) {
      const got = await call(route, path, { method: path.endsWith('read') || path.endsWith('readAll') ? 'GET' : 'POST', authorization: auth });
      expect(got.status, path).toBe(405);
    }
    expect((await listHead({ request: new Request('http://localhost/api/v1/notifications', { method: 'HEAD', headers: { authorization: auth } }), url: new URL('http://localhost/api/v1/notifications'), params: {}, locals: { db } } as never)).status).toBe(200);

    // signed out
    expectUnauthorized(await call(listRoute, '/api/v1/notifications'));
    expectUnauthorized(await call(unreadRoute, '/api/v1/notifications/unread', { authorization: 'Bearer nope' }));
    expectUnauthorized(await call(readRoute, `/api/v1/notifications/${id}/read`, { method: 'POST', params: { id: String(id) } }));
  });
});

// ---------------------------------------------------------------------------------------------
// the events: each writes exactly one notification, carrying order_no where an order is concerned

const SITE = { origin: 'http://localhost' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(TEST_DRIVERS)('notification events on $label', ({ driver, skip }) => {
  let db: Db;
  let pool: { id: number; sellerUserId: number; minRentalHours: number }[] = [];
  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    pool = await db
      .select({ id: listings.id, sellerUserId: shops.ownerUserId, minRentalHours: listings.minRentalHours })
      .from(listings)
      .innerJoin(games, eq(games.id, listings.gameId))
      .innerJoin(shops, eq(shops.id, listings.shopId))
      .where(and(bookableAllDay(), sql`${listings.minRentalHours} <= 3`))
      .orderBy(listings.id);
  });

  async function takeListing(depositFen = 0, reservation = false) {
    const listing = pool.shift();
    if (!listing) throw new Error('the demo seed has no bookable listing left');
    await db
      .update(listings)
      .set({ rentalFen: 500, depositFen, activityDiscount: null, isUseVipDiscount: false, promoRentalHours: null, promoBonusHours: null, isReservation: reservation })
      .where(eq(listings.id, listing.id));
    return listing;
  }

  async function renter(balanceFen = 100_000): Promise<number> {
    const id = await db.transaction((tx) => createUser(tx, { username: `nte_${(serial += 1)}`, nickname: '事件测试' }, new Date()));
    if (id === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true }).where(eq(users.id, id));
    if (balanceFen > 0) await db.transaction((tx) => changeBalance(tx, { userId: id, kind: 'demo_credit', amountFen: balanceFen, refNo: `nt-credit-${(serial += 1)}` }));
    return id;
  }

  async function rentAndPay(userId: number, listing: { id: number; minRentalHours: number }, now: Date, reserved = false) {
    const order = await createOrder(db, userId, { account_id: listing.id, option: 'hourly', hours: listing.minRentalHours, red_packet_id: null, reserved }, null, now);
    const paid = await payOrder(db, userId, { order_no: order.order_no, channel: 'wallet' }, null, SITE, now);
    if (!paid.paid) throw new Error('wallet payment did not pay');
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, order.order_no));
    return row!;
  }

  /** The user's notifications of one kind (all kinds when omitted), oldest first. */
  async function sent(userId: number, type?: NotificationKind) {
    const rows = await db
      .select()
      .from(notifications)
      .where(type ? and(eq(notifications.userId, userId), eq(notifications.notificationType, type)) : eq(notifications.userId, userId))
      .orderBy(notifications.id);
    return rows;
  }

  it.skipIf(skip)('the demo seed gives renter01 a few notices: a welcome broadcast, one about a real order, one from yesterday', async () => {
    const [renter01] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERS.renter.username));
    const page = await listNotifications(db, renter01!.id, {}, new Date());
    const titles = page.list.map((row) => row.title);
    expect(titles).toContain(DEMO_BROADCAST.title);
    const ended = page.list.find((row) => row.notification_type === 'rental_ended');
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, String(ended?.params.order_no)));
    expect(order).toBeDefined();
    expect(page.list.some((row) => !row.is_today)).toBe(true);
    const [cast] = await db.select().from(notificationBroadcasts).orderBy(notificationBroadcasts.id).limit(1);
    expect(cast!.recipients).toBeGreaterThan(1);
  });

  it.skipIf(skip)('a new account is told of its welcome envelopes, once', async () => {
    const userId = await renter(0);
    const rows = await sent(userId);
    expect(rows.map((row) => [row.notificationType, row.title])).toEqual([['red_packet', '红包到账']]);
    expect(rows[0]!.content).toContain('3 个红包');
  });

  it.skipIf(skip)('paying a rental, then cancelling it early: paid, refund and deposit, each once with order_no', async () => {
    const userId = await renter();
    const listing = await takeListing(3_000);
    const now = new Date();
    const order = await rentAndPay(userId, listing, now);
    const paid = await sent(userId, 'order_paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ title: '订单支付成功', params: { order_no: order.orderNo } });
    expect(paid[0]!.content).toContain(order.orderNo);
    expect(paid[0]!.content).toContain('租期');
    // paying again is refused and writes nothing
    await expect(payOrder(db, userId, { order_no: order.orderNo, channel: 'wallet' }, null, SITE, now)).rejects.toBeTruthy();
    expect(await sent(userId, 'order_paid')).toHaveLength(1);

    await cancelOrder(db, userId, order.orderNo, new Date(now.getTime() + 30 * MINUTE));
    const refund = await sent(userId, 'order_refund');
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({ title: '订单已取消', params: { order_no: order.orderNo } });
    const deposit = await sent(userId, 'deposit_returned');
    expect(deposit).toHaveLength(1);
    expect(deposit[0]).toMatchObject({ title: '押金已退还', params: { order_no: order.orderNo, deposit: '30' } });
    expect(deposit[0]!.content).toContain('¥30');
    // the finish sweep later does not touch a cancelled order
    await sweepOrders(db, new Date(now.getTime() + 10 * HOUR));
    expect(await sent(userId, 'rental_ended')).toHaveLength(0);
    expect(await sent(userId, 'deposit_returned')).toHaveLength(1);
  });

  it.skipIf(skip)('a reservation: starting, 10 minutes before the end, ended with its deposit; each once however often the sweep runs', async () => {
    const userId = await renter();
    const listing = await takeListing(2_000, true);
    const now = new Date();
    const order = await rentAndPay(userId, listing, now, true);
    expect(order.reserved).toBe(true);
    const startsAt = order.startsAt!;
    const endsAt = order.endsAt!;
    expect(startsAt.getTime()).toBeGreaterThan(now.getTime());

    await sweepNotifications(db, new Date(startsAt.getTime() - MINUTE));
    expect(await sent(userId, 'rental_starting')).toHaveLength(0);
    for (let i = 0; i < 3; i += 1) await sweepMoney(db, new Date(startsAt.getTime() + MINUTE));
    const starting = await sent(userId, 'rental_starting');
    expect(starting).toHaveLength(1);
    expect(starting[0]).toMatchObject({ title: '租期已开始', params: { order_no: order.orderNo }, dedupeKey: `rental_starting:${order.id}` });

    await sweepNotifications(db, new Date(endsAt.getTime() - 11 * MINUTE));
    expect(await sent(userId, 'rental_ending')).toHaveLength(0);
    for (const before of [9, 5, 1]) await sweepNotifications(db, new Date(endsAt.getTime() - before * MINUTE));
    const ending = await sent(userId, 'rental_ending');
    expect(ending).toHaveLength(1);
    expect(ending[0]).toMatchObject({ title: '租期即将结束', params: { order_no: order.orderNo } });
    expect(ending[0]!.content).toContain('9 分钟');

    await sweepMoney(db, new Date(endsAt.getTime() + MINUTE));
    await sweepMoney(db, new Date(endsAt.getTime() + 2 * MINUTE));
    const ended = await sent(userId, 'rental_ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ title: '租期已结束', params: { order_no: order.orderNo } });
    const deposit = await sent(userId, 'deposit_returned');
    expect(deposit).toHaveLength(1);
    expect(deposit[0]).toMatchObject({ params: { order_no: order.orderNo, deposit: '20' } });
    // everything the renter got, in order
    expect((await sent(userId)).map((row) => row.notificationType)).toEqual(['red_packet', 'order_paid', 'rental_starting', 'rental_ending', 'rental_ended', 'deposit_returned']);
  });

  it.skipIf(skip)('a rental that starts at once gets no "starting" message, and a renewed end is warned again', async () => {
    const userId = await renter();
    const listing = await takeListing();
    const now = new Date();
    const order = await rentAndPay(userId, listing, now);
    await sweepNotifications(db, new Date(now.getTime() + MINUTE));
    expect(await sent(userId, 'rental_starting')).toHaveLength(0);
    await sweepNotifications(db, new Date(order.endsAt!.getTime() - 5 * MINUTE));
    expect(await sent(userId, 'rental_ending')).toHaveLength(1);
    // a renewal moves the end: the new end gets its own warning
    const newEnd = new Date(order.endsAt!.getTime() + HOUR);
    await db.update(orders).set({ endsAt: newEnd }).where(eq(orders.id, order.id));
    await sweepNotifications(db, new Date(newEnd.getTime() - 5 * MINUTE));
    await sweepNotifications(db, new Date(newEnd.getTime() - 4 * MINUTE));
    expect(await sent(userId, 'rental_ending')).toHaveLength(2);
  });

  it.skipIf(skip)('a free order is told once, with its order_no', async () => {
    const userId = await renter(0);
    const listing = await takeListing();
    const now = new Date();
    await db.insert(freeOffers).values({ listingId: listing.id, freeHours: 2, startsAt: new Date(now.getTime() - HOUR), endsAt: new Date(now.getTime() + 24 * HOUR) });
    const order = await createFreeOrder(db, userId, { account_id: listing.id }, null, now);
    const paid = await sent(userId, 'order_paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ title: '免费租号成功', params: { order_no: order.order_no } });
  });

  it.skipIf(skip)('the seller answering a complaint tells the renter once; the decision helper for issue 15 too', async () => {
    const userId = await renter();
    const listing = await takeListing();
    const order = await rentAndPay(userId, listing, new Date());
    const [complaint] = await db.insert(complaints).values({ userId, orderId: order.id, type: 1, content: '账号无法登录' }).returning();
    await answerComplaint(db, listing.sellerUserId, { complaint_id: complaint!.id, content: '已重置密码，请重试', images: [] }, new Date());
    const answered = await sent(userId, 'complaint_answered');
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ title: '投诉有新回复', params: { order_no: order.orderNo, complaint_id: complaint!.id } });

    await db.transaction((tx) => notifyComplaintDecided(tx, complaint!, '已补偿 2 小时', new Date()));
    await db.transaction((tx) => notifyComplaintDecided(tx, complaint!, '已补偿 2 小时', new Date()));
    const decided = await sent(userId, 'complaint_decided');
    expect(decided).toHaveLength(1);
    expect(decided[0]).toMatchObject({ title: '投诉已处理', params: { order_no: order.orderNo } });
    expect(decided[0]!.content).toContain('已补偿 2 小时');
  });

  it.skipIf(skip)('the owner hears of each rental, of a complaint, and of released earnings once per batch; every link opens the seller\'s own page', async () => {
    // two listings of one seller, so one release carries two orders
    const seller = pool.find((candidate) => pool.filter((other) => other.sellerUserId === candidate.sellerUserId).length >= 2)!.sellerUserId;
    const mine = pool.filter((candidate) => candidate.sellerUserId === seller).slice(0, 2);
    pool = pool.filter((candidate) => !mine.includes(candidate));
    for (const listing of mine) await db.update(listings).set({ rentalFen: 500, depositFen: 0, activityDiscount: null, isUseVipDiscount: false, isReservation: false }).where(eq(listings.id, listing.id));
    const userId = await renter();
    await db.update(users).set({ mobile: `139${String(serial += 1).padStart(8, '0')}` }).where(eq(users.id, userId));
    const now = new Date();
    const first = await rentAndPay(userId, mine[0]!, now);
    const second = await rentAndPay(userId, mine[1]!, now);

    const rented = (await sent(seller, 'seller_rented')).filter((row) => [first.orderNo, second.orderNo].includes(String(row.params.order_no)));
    expect(rented.map((row) => row.title)).toEqual(['账号已被租用', '账号已被租用']);
    expect(rented[0]!.content).toContain('租金 ¥');
    expect(rented[0]!.params).toMatchObject({ order_no: first.orderNo, link: `/seller/orders?order_no=${first.orderNo}` });
    // the renter's own message about the same order still opens the renter's page
    expect(notificationLink({ id: 1, notification_type: 'seller_rented', params: rented[0]!.params })).toEqual({ href: `/seller/orders?order_no=${first.orderNo}`, text: '查看订单' });

    const complaint = await createComplaint(db, userId, { order_no: second.orderNo, type: 1, content: '账号密码错误无法登录', images: [] }, now);
    const told = (await sent(seller, 'seller_complaint')).filter((row) => row.params.order_no === second.orderNo);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: '出租订单收到投诉', params: { complaint_id: complaint.id, link: `/seller/orders?order_no=${second.orderNo}` } });

    // the first rental ends and its earnings are released (the complained one is held)
    const ended = new Date(Math.max(first.endsAt!.getTime(), second.endsAt!.getTime()) + MINUTE);
    await sweepOrders(db, ended);
    const before = (await sent(seller, 'seller_earnings')).length;
    const releasedAt = new Date(ended.getTime() + 30 * 24 * HOUR);
    const releasedCount = await releaseDueEarnings(db, releasedAt);
    const released = (await sent(seller, 'seller_earnings')).slice(before);
    // One notice per release batch (RELEASE_BATCH earnings) that held any of the seller's: the demo's own
    // rentals (seed history.ts) are released by the same call, so there may be more than one batch.
    expect(released.length).toBeGreaterThanOrEqual(1);
    expect(released.length).toBeLessThanOrEqual(Math.ceil(releasedCount / RELEASE_BATCH));
    expect(released.every((notice) => Number(notice.params.order_count) >= 1)).toBe(true);
    expect(released[0]).toMatchObject({ title: '出租收益已到账', notificationType: 'seller_earnings' });
    expect(Number(released[0]!.params.order_count)).toBeGreaterThanOrEqual(1);
    expect(notificationLink({ id: released[0]!.id, notification_type: 'seller_earnings', params: released[0]!.params })).toEqual({ href: '/seller/earnings', text: '查看收益' });
    // a second run releases nothing more and says nothing more
    await releaseDueEarnings(db, releasedAt);
    expect((await sent(seller, 'seller_earnings')).length).toBe(before + released.length);
  });

  it.skipIf(skip)('the payout tells of a paid withdrawal once; the refusal helper writes its own', async () => {
    const userId = await renter(50_000);
    await db.insert(alipayAccounts).values({ userId, account: '13800000000', realName: '张三' });
    const now = new Date();
    const withdrawal = await db.transaction((tx) => createWithdrawal(tx, userId, 10_000, now));
    const later = new Date(now.getTime() + 10 * MINUTE);
    await sweepPayouts(db, later);
    await sweepPayouts(db, later);
    const paid = await sent(userId, 'withdrawal_paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ title: '提现已到账', params: { withdraw_no: withdrawal.withdraw_no, amount: '100' } });

    await db.transaction((tx) => notifyWithdrawalRefused(tx, { id: 999_999, userId, withdrawNo: 'W-TEST', amountFen: 5_000 }, '账户信息有误', now));
    const refused = await sent(userId, 'withdrawal_refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.content).toContain('账户信息有误');
  });

  it.skipIf(skip)('VIP expiring: warned 3 days and 1 day before, once each per expiry date', async () => {
    const userId = await renter(0);
    const now = new Date();
    const expires = new Date(now.getTime() + 2.5 * 24 * HOUR);
    await db.insert(wallets).values({ userId, vipExpiresAt: expires }).onConflictDoUpdate({ target: wallets.userId, set: { vipExpiresAt: expires } });
    await sweepNotifications(db, now);
    await sweepNotifications(db, new Date(now.getTime() + HOUR));
    expect((await sent(userId, 'vip_expiring')).map((row) => row.dedupeKey)).toEqual([`vip_expiring:${formatShanghaiDate(expires)}:3`]);
    await sweepNotifications(db, new Date(expires.getTime() - 12 * HOUR));
    await sweepNotifications(db, new Date(expires.getTime() - 11 * HOUR));
    const rows = await sent(userId, 'vip_expiring');
    expect(rows.map((row) => row.dedupeKey)).toEqual([`vip_expiring:${formatShanghaiDate(expires)}:3`, `vip_expiring:${formatShanghaiDate(expires)}:1`]);
    expect(rows[1]!.title).toBe('会员即将到期');
    // after the end: nothing more
    await sweepNotifications(db, new Date(expires.getTime() + HOUR));
    expect(await sent(userId, 'vip_expiring')).toHaveLength(2);
  });

  // Skipped on PGlite: one embedded connection cannot run sweeps concurrently; the race needs PostgreSQL.
  it.skipIf(skip || driver !== 'postgres')('concurrent sweeps on PostgreSQL write each sweep-driven notification once (PostgreSQL only: PGlite runs one statement at a time, so nothing can race there)', async () => {
    const users_ = await Promise.all([renter(), renter(), renter()]);
    const now = new Date();
    const reservations: (typeof orders.$inferSelect)[] = [];
    for (const userId of users_) reservations.push(await rentAndPay(userId, await takeListing(0, true), now, true));
    const vipUser = await renter(0);
    const expires = new Date(now.getTime() + 20 * HOUR);
    await db.insert(wallets).values({ userId: vipUser, vipExpiresAt: expires }).onConflictDoUpdate({ target: wallets.userId, set: { vipExpiresAt: expires } });

    // All three reservations start at the same slot; sweep just after it, 8 sweepers at once.
    const startAt = new Date(Math.max(...reservations.map((order) => order.startsAt!.getTime())) + MINUTE);
    await Promise.all(Array.from({ length: 8 }, () => sweepNotifications(db, startAt)));
    // Each end 5 minutes ahead (their lengths differ with the listings' minimum hours).
    for (const end of new Set(reservations.map((order) => order.endsAt!.getTime()))) {
      await Promise.all(Array.from({ length: 8 }, () => sweepNotifications(db, new Date(end - 5 * MINUTE))));
    }
    await Promise.all(Array.from({ length: 8 }, () => sweepMoney(db, new Date(Math.max(...reservations.map((order) => order.endsAt!.getTime())) + MINUTE))));
    for (const order of reservations) {
      const kinds = (await sent(order.userId)).map((row) => row.notificationType);
      expect(kinds.filter((kind) => kind === 'rental_starting')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'rental_ending')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'rental_ended')).toHaveLength(1);
    }
    expect(await sent(vipUser, 'vip_expiring')).toHaveLength(1);
  });
});
