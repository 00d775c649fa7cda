/**
 * Notifications (spec §3 Notification, §7 notifications, notifications/unread, {id}/read; issue
 * 14): the list (paging, filter, unread first), one by id, the poll's popups, marking read, the
 * broadcast fan-out, is_today by the Shanghai day, and bad input, on PGlite and, when
 * DATABASE_URL_TEST is set, PostgreSQL.
 */
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationPage, NotificationReadAllResult, NotificationReadResult, NotificationView, UnreadNotifications } from '~/lib/contract/notifications';
import type { Db } from '~/server/db/client';
import { notificationBroadcasts, notifications, shops, wallets } from '~/server/db/schema';
import {
  broadcast,
  getNotification,
  listNotifications,
  MSG_NOTIFICATION_NOT_FOUND,
  notify,
  unreadNotifications,
  type NotifyInput,
} from '~/server/services/notifications';
import { issueToken } from '~/server/services/tokens';
import { createUser } from '~/server/services/users';
import { GET as listRoute, HEAD as listHead, ALL as listOther } from '~/pages/api/v1/notifications/index';
import { GET as unreadRoute, ALL as unreadOther } from '~/pages/api/v1/notifications/unread';
import { POST as readAllRoute, ALL as readAllOther } from '~/pages/api/v1/notifications/readAll';
import { GET as oneRoute, ALL as oneOther } from '~/pages/api/v1/notifications/[id]';
import { POST as readRoute, ALL as readOther } from '~/pages/api/v1/notifications/[id]/read';
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
