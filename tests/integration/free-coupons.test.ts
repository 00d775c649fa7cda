/**
 * Free-rental coupons (免费租号券; spec §1 "use free-rental coupons", §7 free "coupons"; our rules in
 * docs/decisions.md "Free-rental coupons") end to end through the endpoints, on PGlite and, when
 * DATABASE_URL_TEST is set, PostgreSQL: an operator makes a coupon template (type 3) and grants it
 * (console grant and exchange code), the renter lists it, and the free checkout uses it exactly
 * once, beside the day's allowance. The parallel cases run on both drivers; on PostgreSQL they are
 * real races (several connections), on PGlite they prove the answers stay right when calls interleave.
 */
import type { APIContext, APIRoute } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COUPON_TYPE_FREE_RENTAL, MS_PER_DAY, ORDER_STATUS, RED_PACKET_STATUS } from '~/platform/config/constants';
import type { FreeCountAnswer } from '~/features/free/client';
import type { FreeCoupon } from '~/features/free/contract/free';
import {
  MSG_FREE_COUPON_EXPIRED,
  MSG_FREE_COUPON_NOT_FOUND,
  MSG_FREE_COUPON_NOT_FREE_LISTING,
  MSG_FREE_COUPON_USED,
  MSG_FREE_DAILY_LIMIT_REACHED,
  MSG_FREE_DAILY_LIMIT_USE_COUPON,
} from '~/features/free/constants';
import type { OpsExchangeBatchView, OpsRedPacketTemplateView, RedPacketGrantResult } from '~/features/campaigns/contract/ops-campaigns';
import type { ExchangeCodeRedemption } from '~/features/wallet/contract/exchange-code';
import type { RedPacketPage } from '~/features/wallet/contract/red-packets';
import { MONEY_CODES, type OrderView } from '~/features/wallet/client/money';
import type { Db } from '~/platform/db/client';
import { freeOffers, notifications, orders, redPackets, users } from '~/platform/db/schema';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { createFreeOrder } from '~/features/free/server/free-orders';
import { createOrder, MSG_RED_PACKET_UNUSABLE } from '~/features/orders/server/orders';
import { cancelOrder } from '~/features/orders/server/order-lifecycle';
import { POST as createFreeRoute } from '~/pages/api/v1/free/createOrder';
import { GET as couponsRoute, ALL as couponsOther } from '~/pages/api/v1/free/coupons';
import { GET as countRoute } from '~/pages/api/v1/free/count';
import { GET as redPacketsRoute } from '~/pages/api/v1/account/redPackets';
import { POST as redeemRoute } from '~/pages/api/v1/account/exchangeCode';
import { POST as templateCreateRoute } from '~/pages/api/v1/ops/campaigns/red-packets/create';
import { POST as grantRoute } from '~/pages/api/v1/ops/campaigns/red-packets/grant';
import { POST as batchCreateRoute } from '~/pages/api/v1/ops/campaigns/exchange-codes/create';
import { GET as batchExportRoute } from '~/pages/api/v1/ops/campaigns/exchange-codes/export';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized } from './endpoint-call';
import { suiteContext, useSuiteDatabase } from './route-context';
import { bookableListingIds } from './bookable-listings';
import { settle } from './settle';

const DAY = MS_PER_DAY;
const HOUR = 3_600_000;
const MSG_FORBIDDEN = '无权进行此操作';
const MSG_WINDOW_TAKEN = '该账号此时段已被租用';

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`free-rental coupons (${label})`, () => {
    let db: Db;
    let serial = 0;
    let opsCookie = '';
    let serviceCookie = '';
    let pool: number[] = [];
    useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
      db = opened;
      const ops = await createOperator(db, { username: `yy_fc_${driver}`, password: 'coupon_pass_1', role: 'operations', displayName: '运营' });
      opsCookie = (await openOperatorSession(db, ops.id, new Date())).cookie;
      const service = await createOperator(db, { username: `kf_fc_${driver}`, password: 'coupon_pass_1', role: 'service', displayName: '客服' });
      serviceCookie = (await openOperatorSession(db, service.id, new Date())).cookie;
      // Free orders ignore the listing's minimum hours: any listing bookable now will do.
      pool = await bookableListingIds(db, 24);
      await db.delete(freeOffers);
    });

    const key = (): string => `fc-${driver}-${(serial += 1)}-${Date.now()}`;

    interface Renter {
      id: number;
      username: string;
      authorization: string;
    }

    async function renter(): Promise<Renter> {
      const username = `fc_${driver}_${(serial += 1)}`;
      const id = await db.transaction((tx) => createUser(tx, { username, nickname: '租号券测试' }, new Date()));
      if (id === null) throw new Error('username taken');
      await db.update(users).set({ isRealName: true }).where(eq(users.id, id));
      const { token } = await issueToken(db, id, { now: new Date() });
      return { id, username, authorization: `Bearer ${token}` };
    }

    /** A listing of the pool with a free offer of `freeHours` running from a day ago to three days ahead. */
    async function offered(freeHours = 2): Promise<number> {
      const listingId = pool.shift();
      if (listingId === undefined) throw new Error('the demo seed has no bookable listing left');
      const now = Date.now();
      await db.insert(freeOffers).values({ listingId, freeHours, startsAt: new Date(now - DAY), endsAt: new Date(now + 3 * DAY) });
      return listingId;
    }

    /** A listing of the pool without any free offer. */
    function plainListing(): number {
      const listingId = pool.shift();
      if (listingId === undefined) throw new Error('the demo seed has no bookable listing left');
      return listingId;
    }

    const opsPost = <T>(route: APIRoute, path: string, body: unknown, cookie = opsCookie) => callRoute<T>(route, path, { method: 'POST', body, cookie, ip: '10.20.30.41' });

    async function couponTemplate(overrides: Record<string, unknown> = {}): Promise<OpsRedPacketTemplateView> {
      return expectOk(
        await opsPost<OpsRedPacketTemplateView>(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', {
          name: '免费租号券·1小时',
          type: COUPON_TYPE_FREE_RENTAL,
          free_hours: 1,
          valid_days: 7,
          per_user_limit: 5,
          ...overrides,
        }),
      );
    }

    /** Grants `template` to the renters through the console (one coupon each). */
    async function grant(template: OpsRedPacketTemplateView, ...to: Renter[]): Promise<void> {
      const result = expectOk(
        await opsPost<RedPacketGrantResult>(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', {
          template_id: template.id,
          target: 'usernames',
          usernames: to.map((user) => user.username).join('\n'),
          request_key: key(),
        }),
      );
      expect(result.grant.recipients).toBe(to.length);
    }

    const coupons = async (user: Renter): Promise<FreeCoupon[]> => expectOk(await callRoute<FreeCoupon[]>(couponsRoute, '/api/v1/free/coupons', { authorization: user.authorization }));
    const countOf = async (user: Renter): Promise<FreeCountAnswer> => expectOk(await callRoute<FreeCountAnswer>(countRoute, '/api/v1/free/count', { authorization: user.authorization }));
    const takeFree = (user: Renter, listingId: number, couponId?: number | null) =>
      callRoute<OrderView>(createFreeRoute, '/api/v1/free/createOrder', {
        method: 'POST',
        body: couponId === undefined ? { account_id: listingId } : { account_id: listingId, coupon_id: couponId },
        authorization: user.authorization,
        headers: { 'Idempotency-Key': key() },
      });

    /** The user's 免费租号券到账 messages. */
    async function messagesOf(user: Renter): Promise<{ title: string; content: string }[]> {
      const rows = await db
        .select({ title: notifications.title, content: notifications.content })
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.title, '免费租号券到账')))
        .orderBy(notifications.id);
      return rows;
    }

    async function couponRow(id: number) {
      const [row] = await db.select().from(redPackets).where(eq(redPackets.id, id));
      return row!;
    }

    it('an operator makes a free-rental coupon template; another role, a renter and bad input are refused', async () => {
      const template = await couponTemplate({ name: '免费租号券·2小时', free_hours: 2 });
      expect(template).toMatchObject({ type: 3, free_hours: 2, label: '免费租号券 免费玩2小时', min_order_amount_fen: 0, discount_amount_fen: null, discount_percentage: null });

      const body = { name: '租号券', type: 3, free_hours: 1, valid_days: 7 };
      expectError(await opsPost(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', body, serviceCookie), 403, MSG_FORBIDDEN);
      const user = await renter();
      const asRenter = await callRoute(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { method: 'POST', body, authorization: user.authorization });
      // A renter's token opens no console call (the console answers as if it were not there).
      expect(asRenter.status).toBe(404);
      expectError(await opsPost(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { name: '租号券', type: 3, valid_days: 7 }), 400, '免费租号券请填写免费时长（小时）');
      expectError(await opsPost(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { ...body, free_hours: 25 }), 400, '免费时长应为 1 到 24 的整数（小时）');
      expectError(await opsPost(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { ...body, free_hours: 0 }), 400, '免费时长应为 1 到 24 的整数（小时）');
      // The service role cannot grant either.
      expectError(
        await opsPost(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: template.id, target: 'usernames', usernames: user.username, request_key: key() }, serviceCookie),
        403,
        MSG_FORBIDDEN,
      );
      expect(await coupons(user)).toEqual([]);
      // The database keeps a coupon's shape whatever a caller writes.
      await expect(
        db.insert(redPackets).values({ userId: user.id, name: 'x', type: COUPON_TYPE_FREE_RENTAL, freeHours: null, source: 'test', expiresAt: new Date(Date.now() + DAY) }),
      ).rejects.toThrow();
      await expect(
        db.insert(redPackets).values({ userId: user.id, name: 'x', type: 2, discountAmountFen: 100, freeHours: 1, source: 'test', expiresAt: new Date(Date.now() + DAY) }),
      ).rejects.toThrow();
    });

    it('a console grant gives the renter a coupon on free/coupons, never among the red envelopes or at the paid checkout', async () => {
      const template = await couponTemplate({ valid_days: 3 });
      const user = await renter();
      const before = Date.now();
      await grant(template, user);

      const list = await coupons(user);
      expect(list).toEqual([{ id: expect.any(Number), name: '免费租号券·1小时', hours: 1, received_at: expect.any(String), expires_at: expect.any(String) }]);
      // The message says what it is: no money off, a free play in the free zone.
      expect(await messagesOf(user)).toEqual([
        { title: '免费租号券到账', content: '您获得了 1 张免费租号券：「免费租号券·1小时」，可在免费专区免费玩，每张用一次，请在有效期内使用（「我的红包」中可查看）。' },
      ]);
      const expiresIn = Date.parse(list[0]!.expires_at) - Date.parse(list[0]!.received_at);
      expect(expiresIn).toBe(3 * DAY);
      expect(Date.parse(list[0]!.received_at)).toBeGreaterThanOrEqual(before - 1000);

      // 我的红包's envelopes (and the checkout's usable list) are couponsInfo only: the coupon is not among them.
      const envelopes = expectOk(await callRoute<RedPacketPage>(redPacketsRoute, '/api/v1/account/redPackets?status=1&canUse=1&page=1&page_size=100', { authorization: user.authorization }));
      expect(envelopes.list.map((packet) => packet.id)).not.toContain(list[0]!.id);
      expect(envelopes.list.length).toBeGreaterThan(0);
      // Naming it at the paid checkout is refused, and it stays unused.
      const paidListing = plainListing();
      const refused = await settle(createOrder(db, user.id, { account_id: paidListing, option: 'hourly', hours: 24, red_packet_id: list[0]!.id }, null, new Date()));
      expect(refused).toMatchObject({ ok: false, status: 400, msg: MSG_RED_PACKET_UNUSABLE });
      expect((await couponRow(list[0]!.id)).status).toBe(RED_PACKET_STATUS.unused);

      // Signed out: 401; another method: 405.
      expectUnauthorized(await callRoute(couponsRoute, '/api/v1/free/coupons'));
      expect((await callRoute(couponsOther, '/api/v1/free/coupons', { method: 'POST', body: {}, authorization: user.authorization })).status).toBe(405);
    });

    it('an exchange code of a coupon template gives a coupon', async () => {
      const template = await couponTemplate({ name: '兑换租号券', free_hours: 3 });
      const batch = expectOk(
        await opsPost<{ batch: OpsExchangeBatchView }>(batchCreateRoute, '/api/v1/ops/campaigns/exchange-codes/create', {
          name: '租号券兑换码',
          reward_kind: 'red_packet',
          template_id: template.id,
          count: 1,
          expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
          request_key: key(),
        }),
      ).batch;
      const request = new Request(`http://localhost/api/v1/ops/campaigns/exchange-codes/export?batch_id=${batch.id}`, { headers: { cookie: opsCookie } });
      const response = await batchExportRoute({ request, url: new URL(request.url), params: {}, locals: suiteContext.locals() } as unknown as APIContext);
      const code = (await response.text()).replace(/^\uFEFF/, '').trim().split('\r\n')[1]!.split(',')[0]!;

      const user = await renter();
      const redeemed = expectOk(await callRoute<ExchangeCodeRedemption>(redeemRoute, '/api/v1/account/exchangeCode', { method: 'POST', body: { code }, authorization: user.authorization, ip: '10.9.9.9' }));
      expect(redeemed).toEqual({ reward_kind: 'red_packet', message: '兑换成功，获得免费租号券「兑换租号券」', red_packet: null, gold_coins: null, coins_balance: null });
      expect((await coupons(user)).map((coupon) => [coupon.name, coupon.hours])).toEqual([['兑换租号券', 3]]);
      expect((await messagesOf(user)).map((message) => message.title)).toEqual(['免费租号券到账']);
    });

    it('when the day\'s free rental is used, a coupon gives another: used in the same transaction, the day untouched, the hours capped by the offer', async () => {
      const template = await couponTemplate({ name: '三小时券', free_hours: 3 });
      const user = await renter();
      await grant(template, user);
      const [coupon] = await coupons(user);

      // The day's allowance first.
      const daily = expectOk(await takeFree(user, await offered(2)));
      expect(daily.red_packet).toBeNull();
      expect(await countOf(user)).toMatchObject({ used_today: 1, remaining: 0 });
      // Without a coupon named, the refusal says a coupon can be used.
      expectError(await takeFree(user, await offered(2)), 409, MSG_FREE_DAILY_LIMIT_USE_COUPON);

      const listingId = await offered(2);
      const order = expectOk(await takeFree(user, listingId, coupon!.id));
      expect(order).toMatchObject({ is_free: true, order_status: ORDER_STATUS.paid, hours: 2, total_fen: 0, deposit: '0.00', red_packet: { id: coupon!.id, name: '三小时券' } });
      // A 3-hour coupon on a 2-hour offer plays 2 hours: the owner offered that much.
      expect(Date.parse(order.hire_end_time!) - Date.parse(order.hire_start_time!)).toBe(2 * HOUR);
      const row = await couponRow(coupon!.id);
      expect(row.status).toBe(RED_PACKET_STATUS.used);
      const [orderRow] = await db.select().from(orders).where(eq(orders.orderNo, order.order_no));
      expect(orderRow).toMatchObject({ redPacketId: coupon!.id, isFree: true, payFen: 0 });
      expect(row.usedAt?.getTime()).toBe(orderRow!.createdAt.getTime());
      // The coupon rental is not the day's: the count is as it was, and the coupon is gone from the list.
      expect(await countOf(user)).toMatchObject({ used_today: 1, remaining: 0 });
      expect(await coupons(user)).toEqual([]);

      // Cancelling the coupon rental does not give the coupon back (as the day's free rental does not come back).
      await cancelOrder(db, user.id, order.order_no, new Date());
      expect((await couponRow(coupon!.id)).status).toBe(RED_PACKET_STATUS.used);
      expect(await coupons(user)).toEqual([]);
      expect(await countOf(user)).toMatchObject({ used_today: 1, remaining: 0 });

      // Used once: again refused, and with no coupon left the day's refusal is the plain one.
      expectError(await takeFree(user, await offered(2), coupon!.id), 409, MSG_FREE_COUPON_USED);
      expectError(await takeFree(user, await offered(2)), 409, MSG_FREE_DAILY_LIMIT_REACHED);
    });

    it('a coupon may be used while the day\'s rental is still left, which stays for later', async () => {
      const template = await couponTemplate();
      const user = await renter();
      await grant(template, user);
      const [coupon] = await coupons(user);
      const order = expectOk(await takeFree(user, await offered(4), coupon!.id));
      expect(order.hours).toBe(1);
      expect(await countOf(user)).toMatchObject({ used_today: 0, remaining: 1 });
      expect(expectOk(await takeFree(user, await offered(2))).hours).toBe(2);
    });

    it('refuses an expired coupon, another user\'s coupon, an unknown one and a listing outside the free zone, and the coupon stays as it was', async () => {
      const template = await couponTemplate();
      const [owner, stranger] = [await renter(), await renter()];
      await grant(template, owner);
      const [coupon] = await coupons(owner);

      // Another user's coupon reads as missing; the owner's stays unused.
      expectError(await takeFree(stranger, await offered(), coupon!.id), 404, MSG_FREE_COUPON_NOT_FOUND);
      expectError(await takeFree(stranger, await offered(), 2_000_000_000), 404, MSG_FREE_COUPON_NOT_FOUND);
      // A red envelope (the welcome set) is no free-rental coupon.
      const [envelope] = await db.select({ id: redPackets.id }).from(redPackets).where(and(eq(redPackets.userId, owner.id), eq(redPackets.type, 2)));
      expectError(await takeFree(owner, await offered(), envelope!.id), 404, MSG_FREE_COUPON_NOT_FOUND);
      // Not in the free zone.
      expectError(await takeFree(owner, plainListing(), coupon!.id), 400, MSG_FREE_COUPON_NOT_FREE_LISTING);
      expect((await couponRow(coupon!.id)).status).toBe(RED_PACKET_STATUS.unused);

      // A listing already rented: 409 code 1006, and the coupon's claim rolled back with the order.
      const taken = await offered();
      expectOk(await takeFree(stranger, taken));
      expectError(await takeFree(owner, taken, coupon!.id), 409, MSG_WINDOW_TAKEN, MONEY_CODES.windowTaken);
      expect((await couponRow(coupon!.id)).status).toBe(RED_PACKET_STATUS.unused);

      // Expired: its end has passed (the end is exclusive).
      await db.update(redPackets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(redPackets.id, coupon!.id));
      expect(await coupons(owner)).toEqual([]);
      expectError(await takeFree(owner, await offered(), coupon!.id), 409, MSG_FREE_COUPON_EXPIRED);
      const row = await couponRow(coupon!.id);
      expect(row.status).toBe(RED_PACKET_STATUS.unused);
      const [made] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.userId, owner.id));
      expect(made!.n).toBe(0);
    });

    it('one coupon named by 8 parallel free orders on 8 offers: exactly one order, 7 refusals 这张免费租号券已使用过', async () => {
      const template = await couponTemplate();
      const user = await renter();
      await grant(template, user);
      const [coupon] = await coupons(user);
      const listingIds: number[] = [];
      for (let i = 0; i < 8; i += 1) listingIds.push(await offered());
      if (driver === 'postgres') await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.05)`)));
      const now = new Date();
      const outcomes = await Promise.all(listingIds.map((listingId) => settle(createFreeOrder(db, user.id, { account_id: listingId, coupon_id: coupon!.id }, null, now))));

      expect(outcomes.filter((outcome) => 'unexpected' in outcome), 'errors other than AppError (a 500 at the endpoint)').toEqual([]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      for (const outcome of outcomes.filter((item) => !item.ok)) expect(outcome).toMatchObject({ ok: false, status: 409, msg: MSG_FREE_COUPON_USED });
      const made = await db.select({ id: orders.id }).from(orders).where(eq(orders.redPacketId, coupon!.id));
      expect(made).toHaveLength(1);
      expect((await couponRow(coupon!.id)).status).toBe(RED_PACKET_STATUS.used);
    });

    it('two renters racing with their own coupons for one free listing: one order, the loser keeps the coupon', async () => {
      const template = await couponTemplate();
      const [a, b] = [await renter(), await renter()];
      await grant(template, a, b);
      const [couponA, couponB] = [(await coupons(a))[0]!, (await coupons(b))[0]!];
      const listingId = await offered();
      const now = new Date();
      const outcomes = await Promise.all([
        settle(createFreeOrder(db, a.id, { account_id: listingId, coupon_id: couponA.id }, null, now)),
        settle(createFreeOrder(db, b.id, { account_id: listingId, coupon_id: couponB.id }, null, now)),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      const loserIndex = outcomes.findIndex((outcome) => !outcome.ok);
      expect(outcomes[loserIndex]).toMatchObject({ ok: false, status: 409, msg: MSG_WINDOW_TAKEN });
      const loserCoupon = loserIndex === 0 ? couponA : couponB;
      const winnerCoupon = loserIndex === 0 ? couponB : couponA;
      expect((await couponRow(loserCoupon.id)).status).toBe(RED_PACKET_STATUS.unused);
      expect((await couponRow(winnerCoupon.id)).status).toBe(RED_PACKET_STATUS.used);
    });
  });
}
