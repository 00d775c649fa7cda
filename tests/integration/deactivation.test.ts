/**
 * Deregistration (issue 16) through the endpoints, on PGlite and PostgreSQL: the check names what
 * stands in the way; the start needs the SMS code from the sandbox outbox and the balance consent,
 * gives the balance up through the ledger and signs the user out everywhere; signing in during the
 * cooling-off cancels it and tells the user; after 7 days housekeeping anonymises the user, who
 * can no longer sign in, while orders and ledger rows stay. Also: the credit endpoint.
 */
import type { APIRoute } from 'astro';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MS_PER_DAY, ORDER_STATUS } from '~/platform/config/constants';
import { DEACTIVATION_COOLING_OFF_DAYS } from '~/features/account/constants';
import type { CreditScore } from '~/features/account/rules/credit';
import { DEACTIVATION_MSG } from '~/features/account/rules/deactivation';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { authTokens, deactivationRequests, listings, notifications, orders, outboxMessages, rateLimitCounters, users, walletLedger, wallets } from '~/platform/db/schema';
import { DEACTIVATED_NICKNAME, DEACTIVATION_CANCELLED_TITLE, MSG_DEACTIVATION_NEEDS_PHONE, type DeactivationCheck, type DeactivationStatus } from '~/features/account/server/deactivation';
import { runHousekeeping } from '~/app/jobs/housekeeping';
import { hashPassword } from '~/features/sign-in/server/password';
import { issueToken, resolveToken } from '~/features/sign-in/server/tokens';
import { changeBalance } from '~/features/wallet/server/wallet';
import { GET as getCheck } from '~/pages/api/v1/account/deactivationCheck';
import { POST as postSms } from '~/pages/api/v1/account/deactivationSms';
import { POST as postStart } from '~/pages/api/v1/account/deactivationStart';
import { GET as getCredit } from '~/pages/api/v1/account/credit';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, type CallOptions, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';

const call = <T = unknown>(route: APIRoute, path: string, options: CallOptions = {}): Promise<CallResult<T>> =>
  callRoute<T>(route, path, { ...options, method: options.method ?? 'POST', headers: { 'content-type': 'application/json' } });

describe.each(TEST_DRIVERS)('deregistration on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  let listingId: number;
  let serial = 0;

  async function freshUser(withMobile = true): Promise<{ id: number; mobile: string; auth: string }> {
    serial += 1;
    const mobile = `1390000${String(1000 + serial).padStart(4, '0')}`;
    const [user] = await db
      .insert(users)
      .values({ username: `deact_${serial}_${driver}`, nickname: `注销测试${serial}`, mobile: withMobile ? mobile : null, passwordHash: await hashPassword('deact_pass01') })
      .returning({ id: users.id });
    const { token } = await issueToken(db, user!.id, { now: new Date() });
    return { id: user!.id, mobile, auth: `Bearer ${token}` };
  }

  async function order(userId: number, status: number, paid: boolean): Promise<void> {
    serial += 1;
    // Two hours apart per order, so no two overlap on the listing (orders_no_double_booking).
    const startsAt = new Date(Date.now() - (100 + serial * 2) * 3_600_000);
    await db.insert(orders).values({
      orderNo: `DEACT${driver.slice(0, 2)}${serial}${Date.now() % 100000}`,
      kind: 'rental',
      userId,
      status,
      listingId,
      rentalId: 1,
      hours: 1,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      originalFen: 500,
      payFen: 500,
      totalFen: 500,
      payDeadline: startsAt,
      paidAt: paid ? startsAt : null,
    });
  }

  async function smsCode(mobile: string): Promise<string> {
    const [message] = await db.select({ body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.recipient, mobile)).orderBy(desc(outboxMessages.id)).limit(1);
    return /验证码 (\d{6})/.exec(message!.body)![1]!;
  }

  const check = async (auth: string): Promise<DeactivationCheck> => expectOk(await call<DeactivationCheck>(getCheck, '/api/v1/account/deactivationCheck', { method: 'GET', authorization: auth }));

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    const [listing] = await db.select({ id: listings.id }).from(listings).limit(1);
    listingId = listing!.id;
  }, 300_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  it.skipIf(skip).each([
    ['GET account/deactivationCheck', getCheck, 'GET', undefined],
    ['POST account/deactivationSms', postSms, 'POST', {}],
    ['POST account/deactivationStart', postStart, 'POST', { code: '123456' }],
    ['GET account/credit', getCredit, 'GET', undefined],
  ] as const)('%s without a token → 401', async (_label, route, method, body) => {
    expectUnauthorized(await call(route, '/api/v1/account/x', { method, body }));
  });

  it.skipIf(skip)('the check names a running rental, an unpaid order and a balance', async () => {
    const me = await freshUser();
    await order(me.id, ORDER_STATUS.paid, true);
    await order(me.id, ORDER_STATUS.unpaid, false);
    await db.transaction((tx) => changeBalance(tx, { userId: me.id, kind: 'demo_credit', amountFen: 1234, refNo: `DEMO-deact-${me.id}` }));
    const result = await check(me.auth);
    expect(result.ok).toBe(false);
    expect(result.blockers.map((b) => b.key)).toEqual(['open_rentals', 'unpaid_orders', 'balance']);
    expect(result.balance_fen).toBe(1234);
    expect(result.status.state).toBe('none');
  });

  it.skipIf(skip)('no phone: the code cannot be sent', async () => {
    const me = await freshUser(false);
    expectError(await call(postSms, '/api/v1/account/deactivationSms', { authorization: me.auth, body: {} }), 400, MSG_DEACTIVATION_NEEDS_PHONE);
  });

  /** Sends the code, past the 60 s resend gap of the previous test step. */
  async function sendCode(auth: string, mobile: string): Promise<string> {
    await db.delete(rateLimitCounters);
    expectOk(await call(postSms, '/api/v1/account/deactivationSms', { authorization: auth, body: {}, ip: '198.51.100.7' }));
    return smsCode(mobile);
  }

  it.skipIf(skip)('start, cancel by signing in, start again, anonymised after the cooling-off', async () => {
    const me = await freshUser();
    await order(me.id, ORDER_STATUS.finished, true);
    await db.transaction((tx) => changeBalance(tx, { userId: me.id, kind: 'demo_credit', amountFen: 500, refNo: `DEMO-deact-${me.id}` }));
    expect((await check(me.auth)).ok).toBe(true); // a balance alone is settled on the form

    // A wrong code, then no consent to give up the balance: nothing happens.
    const code = await sendCode(me.auth, me.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(await call(postStart, '/api/v1/account/deactivationStart', { authorization: me.auth, body: { code: wrong, forfeit_balance: true } }), 400, '验证码错误或已过期');
    expectError(await call(postStart, '/api/v1/account/deactivationStart', { authorization: me.auth, body: { code, forfeit_balance: false } }), 409, DEACTIVATION_MSG.balance);
    expect(await db.select().from(deactivationRequests).where(eq(deactivationRequests.userId, me.id))).toEqual([]);

    const started = expectOk(
      await call<DeactivationStatus>(postStart, '/api/v1/account/deactivationStart', { authorization: me.auth, body: { code: await sendCode(me.auth, me.mobile), forfeit_balance: true } }),
    );
    expect(started.state).toBe('pending');
    expect(new Date(started.cools_until!).getTime() - new Date(started.started_at!).getTime()).toBe(DEACTIVATION_COOLING_OFF_DAYS * MS_PER_DAY);
    // Signed out everywhere; the balance went through the ledger.
    expectUnauthorized(await call(getCheck, '/api/v1/account/deactivationCheck', { method: 'GET', authorization: me.auth }));
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, me.id));
    expect(wallet!.balanceFen).toBe(0);
    expect((await db.select().from(walletLedger).where(and(eq(walletLedger.userId, me.id), eq(walletLedger.kind, 'deactivation_forfeit')))).map((row) => row.amountFen)).toEqual([-500]);

    // Signing in during the cooling-off cancels it and says so.
    const again = `Bearer ${(await issueToken(db, me.id, { now: new Date() })).token}`;
    expect((await check(again)).status.state).toBe('cancelled');
    expect((await db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, me.id))).map((n) => n.title)).toContain(DEACTIVATION_CANCELLED_TITLE);

    // Start again (no balance now); housekeeping before the end does nothing, after it anonymises.
    const second = expectOk(
      await call<DeactivationStatus>(postStart, '/api/v1/account/deactivationStart', { authorization: again, body: { code: await sendCode(again, me.mobile) } }),
    );
    const coolsUntil = new Date(second.cools_until!);
    await runHousekeeping(db, new Date(coolsUntil.getTime() - 60_000));
    expect((await db.select({ status: users.status }).from(users).where(eq(users.id, me.id)))[0]!.status).toBe('active');
    await runHousekeeping(db, new Date(coolsUntil.getTime() + 60_000));
    const [gone] = await db.select().from(users).where(eq(users.id, me.id));
    expect(gone).toMatchObject({ status: 'deleted', nickname: DEACTIVATED_NICKNAME, mobile: null, email: null, passwordHash: null, username: `deleted_${me.id}` });
    expect(await db.select().from(authTokens).where(eq(authTokens.userId, me.id))).toEqual([]);
    // Orders and the ledger keep their history.
    expect(await db.select().from(orders).where(eq(orders.userId, me.id))).toHaveLength(1);
    expect((await db.select().from(walletLedger).where(eq(walletLedger.userId, me.id))).length).toBeGreaterThanOrEqual(2);
    // A deregistered user cannot sign in: a token issued anyway is refused, the password login too.
    const stray = await issueToken(db, me.id, { now: new Date() });
    expect((await resolveToken(db, stray.token, new Date())).ok).toBe(false);
    expectUnauthorized(await call(getCheck, '/api/v1/account/deactivationCheck', { method: 'GET', authorization: `Bearer ${stray.token}` }));
    expect((await db.select().from(deactivationRequests).where(eq(deactivationRequests.userId, me.id))).map((r) => r.state)).toEqual(['cancelled', 'completed']);
  });

  it.skipIf(skip)('credit counts completed and cancelled paid rentals', async () => {
    const me = await freshUser();
    expect(expectOk(await call<CreditScore>(getCredit, '/api/v1/account/credit', { method: 'GET', authorization: me.auth })).score).toBe(600);
    await order(me.id, ORDER_STATUS.finished, true);
    await order(me.id, ORDER_STATUS.finished, true);
    for (let i = 0; i < 4; i++) await order(me.id, ORDER_STATUS.cancelled, true);
    await order(me.id, ORDER_STATUS.cancelled, false); // an unpaid timeout is no cancellation
    const credit = expectOk(await call<CreditScore>(getCredit, '/api/v1/account/credit', { method: 'GET', authorization: me.auth }));
    expect(credit.factors.map((f) => [f.key, f.count])).toEqual([
      ['completed_rentals', 2],
      ['upheld_complaints', 0],
      ['cancellations', 4],
    ]);
    expect(credit.score).toBe(600 + 4 - 5);
  });
});
