/**
 * Hafu-coin settlement (issue 26 part 2; docs/decisions.md "Hafu-coin settlement"): the prepay is
 * held from the charge until the coins left are known, then the used coins go to the owner at the
 * rate of the start and the rest back to the renter, exactly once, with the ledger identity
 * (`npm run ledger:check`'s checkLedger) holding after every case; on PGlite and PostgreSQL.
 *
 * Each case has its own owner, listing (a hafu-coin account: 5,000,000 coins at 100,000 per yuan,
 * so a 50.00 prepay) and renter. The rental is booked in the past, so it has ended by the wall
 * clock the endpoints read; the windows' defaults are driven through the services with a `now`.
 */
import type { APIRoute } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '~/platform/wire/common';
import type { HafuSettlementView, OpsHafuDispute } from '~/features/orders/hafu-contract';
import type { Db } from '~/platform/db/client';
import { games, hafuSettlements, listings, notifications, opsAuditLog, orders, users, walletLedger } from '~/platform/db/schema';
import { AppError, MSG_API_NOT_FOUND } from '~/platform/http/errors';
import { cancelOrder, chargeGameMoney, sweepOrders } from '~/features/orders/server/order-lifecycle';
import { answerHafuReport, reportHafuCoins, sweepHafuSettlements } from '~/features/orders/server/hafu-settlement';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { setListingCredentials } from '~/features/orders/server/credentials';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { submitCertification } from '~/features/sellers/server/sellers';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { GET as renterHafuRoute } from '~/pages/api/v1/order/hafu';
import { POST as reportRoute } from '~/pages/api/v1/order/hafuReport';
import { GET as sellerHafuRoute } from '~/pages/api/v1/seller/hafu';
import { POST as answerRoute } from '~/pages/api/v1/seller/hafuAnswer';
import { GET as opsListRoute } from '~/pages/api/v1/ops/hafu/index';
import { GET as opsDetailRoute } from '~/pages/api/v1/ops/hafu/detail';
import { POST as resolveRoute } from '~/pages/api/v1/ops/hafu/resolve';
import { checkLedger } from '../../scripts/ledger-check';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const SITE = { origin: 'http://localhost' };
const HOUR = 3_600_000;
const START_COINS = 5_000_000;
const RATE = 100_000;
/** 5,000,000 coins / 100,000 per yuan = 50 yuan. */
const PREPAY_FEN = 5_000;
const EVIDENCE = '租客下线时账号剩余哈夫币截图如下，与报告不符。';
const REASON = '核对双方截图，按号主截图的数量结算。';

let serial = 0;

interface Rental {
  owner: number;
  renter: number;
  orderNo: string;
  orderId: number;
  /** When the rental ended (the sweep's now). */
  endedAt: Date;
}

describe.each(TEST_DRIVERS)('hafu-coin settlement on $label', ({ driver, skip }) => {
  let db: Db;
  let agent = '';
  let financeCookie = '';

  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    const service = await createOperator(db, { username: `hafu_kf_${driver}`, password: 'kf_test_pass_01', role: 'service', displayName: '客服' });
    agent = (await openOperatorSession(db, service.id, new Date())).cookie;
    const finance = await createOperator(db, { username: `hafu_cw_${driver}`, password: 'cw_test_pass_01', role: 'finance', displayName: '财务' });
    financeCookie = (await openOperatorSession(db, finance.id, new Date())).cookie;
  });

  const bearer = async (userId: number): Promise<string> => `Bearer ${(await issueToken(db, userId, { now: new Date() })).token}`;
  const asUser = async <T,>(route: APIRoute, path: string, userId: number, body?: unknown): Promise<CallResult<T>> =>
    callRoute<T>(route, path, { ...(body === undefined ? {} : { method: 'POST', body }), authorization: await bearer(userId) });
  const q = (orderNo: string): string => `?order_no=${encodeURIComponent(orderNo)}`;

  async function freshUser(name: string, balanceFen = 0): Promise<number> {
    const n = (serial += 1);
    const id = await db.transaction((tx) => createUser(tx, { username: `hf_${name}_${n}`, nickname: '哈夫币测试', mobile: `137${String(60_000_000 + n).padStart(8, '0')}` }, new Date()));
    if (id === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true, realName: '赵六' }).where(eq(users.id, id));
    if (balanceFen > 0) await db.transaction((tx) => changeBalance(tx, { userId: id, kind: 'demo_credit', amountFen: balanceFen, refNo: `hf-credit-${driver}-${n}` }));
    return id;
  }

  /** An owner with a hafu-coin listing, a renter who rented it 1 h from `start` and paid the prepay; the rental swept as ended at start + 1 h (or cancelled at start + 30 min). */
  async function endedRental(options: { cancel?: boolean; reservedCancelledBeforeStart?: boolean; beforeSettlements?: boolean } = {}): Promise<Rental> {
    const owner = await freshUser('owner');
    const n = (serial += 1);
    const profile = await submitCertification(db, owner, { cert_type: 0, shop_name: `哈夫店${driver}${n}` }, new Date());
    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.maintenanceStatus, 0)).orderBy(games.id).limit(1);
    const [listing] = await db
      .insert(listings)
      .values({ shopId: profile.shop!.id, gameId: game!.id, title: `哈夫币账号${n}`, roleName: '测试角色', imgs: ['/covers/test-cover.webp'], rentalFen: 1_000, depositFen: 0, minRentalHours: 1, gameMoney: START_COINS, moneyExchangeRate: RATE, isReservation: true })
      .returning({ id: listings.id });
    await setListingCredentials(db, listing!.id, `hafu_${n}`, 'secret-pass');
    const renter = await freshUser('renter', 100_000);
    // Booked in the past so it has ended by the wall clock the endpoints read.
    const start = new Date(Date.now() - 3 * HOUR);
    const order = await createOrder(db, renter, { account_id: listing!.id, option: 'hourly', hours: 1, red_packet_id: null, ...(options.reservedCancelledBeforeStart ? { reserved: true } : {}) }, null, start);
    const paid = await payOrder(db, renter, { order_no: order.order_no, channel: 'wallet' }, null, SITE, start);
    if (!paid.paid) throw new Error('wallet payment did not pay');
    await chargeGameMoney(db, renter, { order_no: order.order_no, amount: PREPAY_FEN }, null, start);
    // A prepay charged before settlements existed has no row.
    if (options.beforeSettlements) await db.delete(hafuSettlements).where(sql`${hafuSettlements.orderId} = (select ${orders.id} from ${orders} where ${orders.orderNo} = ${order.order_no})`);
    let endedAt: Date;
    if (options.reservedCancelledBeforeStart) {
      endedAt = new Date(start.getTime() + 10 * 60_000);
      await cancelOrder(db, renter, order.order_no, endedAt);
    } else if (options.cancel) {
      endedAt = new Date(start.getTime() + HOUR / 2);
      await cancelOrder(db, renter, order.order_no, endedAt);
    } else {
      endedAt = new Date(start.getTime() + HOUR);
      await sweepOrders(db, endedAt);
    }
    const [row] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.orderNo, order.order_no));
    expect(row!.status).toBe(options.cancel || options.reservedCancelledBeforeStart ? 5 : 4);
    return { owner, renter, orderNo: order.order_no, orderId: row!.id, endedAt };
  }

  async function ledgerOf(orderNo: string): Promise<[string, number, number][]> {
    const rows = await db.select().from(walletLedger).where(eq(walletLedger.refNo, orderNo)).orderBy(walletLedger.id);
    return rows.filter((row) => row.kind.startsWith('hafu')).map((row) => [row.kind, row.userId, Number(row.amountFen)]);
  }

  async function expectIdentity(): Promise<void> {
    const check = await checkLedger(db);
    expect(check.lines.join('\n')).toContain('HOLDS');
    expect(check.holds).toBe(true);
  }

  async function expectBalanced(userId: number): Promise<void> {
    expect((await readWallet(db, userId)).balanceFen).toBe(await ledgerSum(db, userId));
  }

  async function rejected(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it.skipIf(skip)('the end holds the prepay (no refund), records the start and asks the renter; used coins reported and accepted: the owner is paid their value, the rest back', async () => {
    const r = await endedRental();
    // Held: only the charge on the ledger, nothing given back at the end.
    expect(await ledgerOf(r.orderNo)).toEqual([['hafu_charge', r.renter, -PREPAY_FEN]]);
    const [start] = await db.select().from(hafuSettlements).where(eq(hafuSettlements.orderId, r.orderId));
    expect(start).toMatchObject({ startCoins: START_COINS, rate: RATE, prepayFen: PREPAY_FEN, ownerUserId: r.owner, stage: 'awaiting_report' });
    await expectIdentity();
    const asked = await db.select().from(notifications).where(eq(notifications.userId, r.renter));
    expect(asked.some((row) => row.notificationType === 'hafu_settlement' && row.title === '请报告剩余哈夫币')).toBe(true);

    const before = expectOk(await asUser<HafuSettlementView>(renterHafuRoute, `/api/v1/order/hafu${q(r.orderNo)}`, r.renter));
    expect(before).toMatchObject({ stage: 'awaiting_report', start_coins: START_COINS, prepay: '50.00', can_report: true, can_answer: false });

    // 1,234,567 coins used: 12.34567 yuan → 1,234.567 fen → 1,235 fen (half up).
    const reported = expectOk(await asUser<HafuSettlementView>(reportRoute, '/api/v1/order/hafuReport', r.renter, { order_no: r.orderNo, coins_left: START_COINS - 1_234_567 }));
    expect(reported).toMatchObject({ stage: 'reported', renter_coins: START_COINS - 1_234_567, can_report: false });
    expectError(await asUser(reportRoute, '/api/v1/order/hafuReport', r.renter, { order_no: r.orderNo, coins_left: 1 }), 409, '已报告过剩余哈夫币');
    const told = await db.select().from(notifications).where(eq(notifications.userId, r.owner));
    expect(told.some((row) => row.notificationType === 'hafu_settlement' && row.title === '租客已报告剩余哈夫币')).toBe(true);

    const ownerView = expectOk(await asUser<HafuSettlementView>(sellerHafuRoute, `/api/v1/seller/hafu${q(r.orderNo)}`, r.owner));
    expect(ownerView).toMatchObject({ stage: 'reported', can_answer: true, can_report: false });
    const settled = expectOk(await asUser<HafuSettlementView>(answerRoute, '/api/v1/seller/hafuAnswer', r.owner, { order_no: r.orderNo, accept: true }));
    expect(settled).toMatchObject({ stage: 'settled', decided_by: 'agreed', used_coins: 1_234_567, owner_fen: 1_235, renter_fen: PREPAY_FEN - 1_235, owner_answer: 'accept' });
    expect(await ledgerOf(r.orderNo)).toEqual(
      expect.arrayContaining([
        ['hafu_charge', r.renter, -PREPAY_FEN],
        ['hafu_settle', r.owner, 1_235],
        ['hafu_refund', r.renter, PREPAY_FEN - 1_235],
      ]),
    );
    expect(await ledgerOf(r.orderNo)).toHaveLength(3);
    const [order] = await db.select().from(orders).where(eq(orders.id, r.orderId));
    expect(order!.refundGameMoneyFen).toBe(PREPAY_FEN - 1_235);

    // Once: a second answer and later sweeps move nothing.
    expectError(await asUser(answerRoute, '/api/v1/seller/hafuAnswer', r.owner, { order_no: r.orderNo, accept: true }), 409, '当前无需确认，或已超过确认期限');
    await sweepHafuSettlements(db, new Date(Date.now() + 100 * HOUR));
    expect(await ledgerOf(r.orderNo)).toHaveLength(3);
    await expectBalanced(r.owner);
    await expectBalanced(r.renter);
    await expectIdentity();
  });

  it.skipIf(skip)('no coins used and the owner silent: the renter\'s count stands after the owner\'s window and the whole prepay comes back', async () => {
    const r = await endedRental();
    const reportedAt = new Date(r.endedAt.getTime() + HOUR);
    await reportHafuCoins(db, r.renter, { order_no: r.orderNo, coins_left: START_COINS }, reportedAt);
    // Inside the owner's window nothing happens.
    expect(await sweepHafuSettlements(db, new Date(reportedAt.getTime() + 23 * HOUR))).toBe(0);
    expect(await ledgerOf(r.orderNo)).toHaveLength(1);
    await expectIdentity();
    await sweepHafuSettlements(db, new Date(reportedAt.getTime() + 24 * HOUR));
    const [row] = await db.select().from(hafuSettlements).where(eq(hafuSettlements.orderId, r.orderId));
    expect(row).toMatchObject({ stage: 'settled', decidedBy: 'owner_silent', finalCoins: START_COINS, ownerFen: 0, renterFen: PREPAY_FEN });
    expect(await ledgerOf(r.orderNo)).toEqual([
      ['hafu_charge', r.renter, -PREPAY_FEN],
      ['hafu_refund', r.renter, PREPAY_FEN],
    ]);
    await expectIdentity();
  });

  it.skipIf(skip)('the renter silent past the report window: every coin counts as used and the owner gets the whole prepay; a late report is refused', async () => {
    const r = await endedRental();
    const late = new Date(r.endedAt.getTime() + 24 * HOUR);
    expect(await sweepHafuSettlements(db, new Date(late.getTime() - 1))).toBe(0);
    const error = await rejected(reportHafuCoins(db, r.renter, { order_no: r.orderNo, coins_left: 100 }, late));
    expect({ status: error.httpStatus, msg: error.message }).toEqual({ status: 409, msg: '已超过报告期限，系统已按规则结算' });
    await sweepHafuSettlements(db, late);
    const [row] = await db.select().from(hafuSettlements).where(eq(hafuSettlements.orderId, r.orderId));
    expect(row).toMatchObject({ stage: 'settled', decidedBy: 'renter_silent', finalCoins: 0, ownerFen: PREPAY_FEN, renterFen: 0 });
    expect(await ledgerOf(r.orderNo)).toEqual([
      ['hafu_charge', r.renter, -PREPAY_FEN],
      ['hafu_settle', r.owner, PREPAY_FEN],
    ]);
    await expectBalanced(r.owner);
    await expectIdentity();
  });

  it.skipIf(skip)('an early cancel holds the prepay too; disputed by the owner with evidence, an operator sets the count; the wrong role is refused; settled once', async () => {
    const r = await endedRental({ cancel: true });
    expect(await ledgerOf(r.orderNo)).toEqual([['hafu_charge', r.renter, -PREPAY_FEN]]);
    expectOk(await asUser(reportRoute, '/api/v1/order/hafuReport', r.renter, { order_no: r.orderNo, coins_left: 4_900_000 }));
    // A dispute needs a count and a reason, and a count different from the renter's.
    expectError(await asUser(answerRoute, '/api/v1/seller/hafuAnswer', r.owner, { order_no: r.orderNo, accept: false }), 400, '提出异议需填写剩余数量和说明');
    expectError(await asUser(answerRoute, '/api/v1/seller/hafuAnswer', r.owner, { order_no: r.orderNo, accept: false, coins_left: 4_900_000, evidence: EVIDENCE }), 400, '您填写的数量与租客报告相同，请直接确认');
    expectError(await asUser(answerRoute, '/api/v1/seller/hafuAnswer', r.owner, { order_no: r.orderNo, accept: false, coins_left: -5, evidence: EVIDENCE }), 400, /剩余哈夫币数量/);
    const disputed = expectOk(await asUser<HafuSettlementView>(answerRoute, '/api/v1/seller/hafuAnswer', r.owner, { order_no: r.orderNo, accept: false, coins_left: 2_000_000, evidence: EVIDENCE }));
    expect(disputed).toMatchObject({ stage: 'disputed', owner_answer: 'dispute', owner_coins: 2_000_000, owner_evidence: EVIDENCE, can_answer: false });
    // The dispute waits for an operator whatever the clock says.
    await sweepHafuSettlements(db, new Date(Date.now() + 1000 * HOUR));
    expect(await ledgerOf(r.orderNo)).toHaveLength(1);
    await expectIdentity();

    const queue = expectOk(await callRoute<Page<OpsHafuDispute>>(opsListRoute, '/api/v1/ops/hafu?page=1&page_size=50', { cookie: agent }));
    expect(queue.list.find((row) => row.order_no === r.orderNo)).toMatchObject({ renter_coins: 4_900_000, owner_coins: 2_000_000, renter_user_id: r.renter, owner_user_id: r.owner });
    expectOk(await callRoute(opsDetailRoute, `/api/v1/ops/hafu/detail${q(r.orderNo)}`, { cookie: agent }));
    expectError(await callRoute(opsListRoute, '/api/v1/ops/hafu', { cookie: financeCookie }), 403, '无权进行此操作');
    expectError(await callRoute(resolveRoute, '/api/v1/ops/hafu/resolve', { method: 'POST', body: { order_no: r.orderNo, coins_left: 2_000_000, text: REASON }, cookie: financeCookie }), 403, '无权进行此操作');
    // A user's token is no console session: the console answers as if it were not there.
    expectError(await callRoute(resolveRoute, '/api/v1/ops/hafu/resolve', { method: 'POST', body: { order_no: r.orderNo, coins_left: 2_000_000, text: REASON }, authorization: await bearer(r.owner) }), 404, MSG_API_NOT_FOUND);
    expectError(await callRoute(resolveRoute, '/api/v1/ops/hafu/resolve', { method: 'POST', body: { order_no: r.orderNo, coins_left: 2_000_000, text: '短' }, cookie: agent }), 400, /说明需/);

    // Two agents at once: one settles, the other is told it is no longer disputed.
    const [a, b] = await Promise.all([
      callRoute<HafuSettlementView>(resolveRoute, '/api/v1/ops/hafu/resolve', { method: 'POST', body: { order_no: r.orderNo, coins_left: 2_000_000, text: REASON }, cookie: agent }),
      callRoute<HafuSettlementView>(resolveRoute, '/api/v1/ops/hafu/resolve', { method: 'POST', body: { order_no: r.orderNo, coins_left: 3_000_000, text: REASON }, cookie: agent }),
    ]);
    const won = [a, b].filter((result) => result.status === 200);
    expect(won).toHaveLength(1);
    expectError([a, b].find((result) => result.status !== 200)!, 409, '该订单的哈夫币结算不在争议中');
    const settled = won[0]!.body.data!;
    // 100,000 coins per yuan: 1,000 coins per fen, so the counts here divide exactly.
    const ownerFen = (START_COINS - settled.final_coins!) / 1_000;
    expect([2_000_000, 3_000_000]).toContain(settled.final_coins);
    expect(settled).toMatchObject({ stage: 'settled', decided_by: 'operator', operator_text: REASON, owner_fen: ownerFen, renter_fen: PREPAY_FEN - ownerFen });
    expect(await ledgerOf(r.orderNo)).toHaveLength(3);
    const audits = await db.select().from(opsAuditLog).where(eq(opsAuditLog.targetId, r.orderNo));
    expect(audits.filter((row) => row.action === 'hafu.resolve')).toHaveLength(1);
    await expectBalanced(r.owner);
    await expectBalanced(r.renter);
    await expectIdentity();
  });

  it.skipIf(skip)('the owner accepting at the end of the window and sweeps past it, all at once: settled once, one ledger row each', async () => {
    const r = await endedRental();
    const reportedAt = new Date(r.endedAt.getTime() + HOUR);
    await reportHafuCoins(db, r.renter, { order_no: r.orderNo, coins_left: 1_000_000 }, reportedAt);
    const lastMoment = new Date(reportedAt.getTime() + 24 * HOUR - 1);
    const past = new Date(reportedAt.getTime() + 24 * HOUR + 1);
    const results = await Promise.allSettled([
      answerHafuReport(db, r.owner, { order_no: r.orderNo, accept: true }, lastMoment),
      sweepHafuSettlements(db, past),
      answerHafuReport(db, r.owner, { order_no: r.orderNo, accept: true }, lastMoment),
      sweepHafuSettlements(db, past),
    ]);
    // The losing answers are told 409; the sweeps never fail, and exactly one attempt settled.
    let settledBy = 0;
    results.forEach((result, index) => {
      const isSweep = index % 2 === 1;
      if (isSweep) {
        expect(result.status).toBe('fulfilled');
        if (result.status === 'fulfilled') settledBy += result.value as number;
      } else if (result.status === 'rejected') {
        expect((result.reason as AppError).httpStatus).toBe(409);
      } else {
        settledBy += 1;
      }
    });
    expect(settledBy).toBe(1);
    const [row] = await db.select().from(hafuSettlements).where(eq(hafuSettlements.orderId, r.orderId));
    expect(row!.stage).toBe('settled');
    expect(['agreed', 'owner_silent']).toContain(row!.decidedBy);
    expect(await ledgerOf(r.orderNo)).toEqual(
      expect.arrayContaining([
        ['hafu_charge', r.renter, -PREPAY_FEN],
        ['hafu_settle', r.owner, 4_000],
        ['hafu_refund', r.renter, 1_000],
      ]),
    );
    expect(await ledgerOf(r.orderNo)).toHaveLength(3);
    await expectBalanced(r.owner);
    await expectBalanced(r.renter);
    await expectIdentity();
  });

  it.skipIf(skip)('another user\'s token is refused on every endpoint (404, as if there were no settlement), no token is 401, no console session is 404', async () => {
    const r = await endedRental();
    const stranger = await freshUser('stranger', 1_000);
    // Renter endpoints: the owner and a stranger are strangers here.
    for (const who of [stranger, r.owner]) {
      expectError(await asUser(renterHafuRoute, `/api/v1/order/hafu${q(r.orderNo)}`, who), 404, '订单不存在');
      expectError(await asUser(reportRoute, '/api/v1/order/hafuReport', who, { order_no: r.orderNo, coins_left: 0 }), 404, '订单不存在');
    }
    // Owner endpoints: the renter and a stranger are refused.
    expectOk(await asUser(reportRoute, '/api/v1/order/hafuReport', r.renter, { order_no: r.orderNo, coins_left: 10 }));
    for (const who of [stranger, r.renter]) {
      expectError(await asUser(sellerHafuRoute, `/api/v1/seller/hafu${q(r.orderNo)}`, who), 404, '订单不存在');
      expectError(await asUser(answerRoute, '/api/v1/seller/hafuAnswer', who, { order_no: r.orderNo, accept: true }), 404, '订单不存在');
    }
    expect((await callRoute(renterHafuRoute, `/api/v1/order/hafu${q(r.orderNo)}`)).status).toBe(401);
    expect((await callRoute(answerRoute, '/api/v1/seller/hafuAnswer', { method: 'POST', body: { order_no: r.orderNo, accept: true } })).status).toBe(401);
    expectError(await callRoute(opsListRoute, '/api/v1/ops/hafu', { authorization: await bearer(r.owner) }), 404, MSG_API_NOT_FOUND);
    expectError(await callRoute(opsDetailRoute, `/api/v1/ops/hafu/detail${q(r.orderNo)}`, { authorization: await bearer(r.renter) }), 404, MSG_API_NOT_FOUND);
    // Nothing moved: still waiting for the owner.
    expect(await ledgerOf(r.orderNo)).toHaveLength(1);
    expectError(await asUser(renterHafuRoute, `/api/v1/order/hafu${q('R-NO-SUCH-ORDER')}`, r.renter), 404, '该订单没有哈夫币预充');
    await expectIdentity();
  });

  it.skipIf(skip)('a reservation cancelled before its start gives the whole prepay back at once (never played, nothing to report); a prepay charged before settlements existed is refunded whole at the end', async () => {
    const reserved = await endedRental({ reservedCancelledBeforeStart: true });
    expect(await ledgerOf(reserved.orderNo)).toEqual([
      ['hafu_charge', reserved.renter, -PREPAY_FEN],
      ['hafu_refund', reserved.renter, PREPAY_FEN],
    ]);
    const [row] = await db.select().from(hafuSettlements).where(eq(hafuSettlements.orderId, reserved.orderId));
    expect(row).toMatchObject({ stage: 'settled', decidedBy: 'refunded', ownerFen: 0, renterFen: PREPAY_FEN });
    expect(expectOk(await asUser<HafuSettlementView>(renterHafuRoute, `/api/v1/order/hafu${q(reserved.orderNo)}`, reserved.renter)).can_report).toBe(false);

    const legacy = await endedRental({ beforeSettlements: true });
    expect(await ledgerOf(legacy.orderNo)).toEqual([
      ['hafu_charge', legacy.renter, -PREPAY_FEN],
      ['hafu_refund', legacy.renter, PREPAY_FEN],
    ]);
    expectError(await asUser(renterHafuRoute, `/api/v1/order/hafu${q(legacy.orderNo)}`, legacy.renter), 404, '该订单没有哈夫币预充');
    await expectBalanced(reserved.renter);
    await expectBalanced(legacy.renter);
    await expectIdentity();
  });
});
