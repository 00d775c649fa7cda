/**
 * Withdrawals to Alipay, gold coins and order complaints (issue 5; spec §6 real name and bound
 * phone, §7 account "withdraw create/list/cancel, alipay account, sign-in, gold" and order
 * "complaint with list and types"), through the endpoints, on an in-memory PGlite and, when
 * DATABASE_URL_TEST is set, a fresh PostgreSQL. Every case makes its own users, so the demo seed's
 * balances do not matter.
 */
import type { APIRoute } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_TYPES, MS_PER_DAY } from '~/platform/config/constants';
import { GOLD_EXCHANGE_COINS, GOLD_EXCHANGES_PER_DAY, GOLD_SIGN_IN_COINS, WITHDRAW_PAYOUT_DELAY_MS } from '~/features/wallet/constants';
import { MONEY_CODES, type AlipayAccount, type Complaint, type ComplaintType, type GoldOverview, type Page, type Withdrawal } from '~/features/wallet/client/money';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { DEMO_USERS } from '~/app/seed/demo';
import { complaints, goldCoinLedger, listings, orders, redPackets, users, walletLedger, wallets, withdrawals } from '~/platform/db/schema';
import { exchangeGold, signIn } from '~/features/wallet/server/gold-coins';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { sweepPayouts } from '~/features/wallet/server/payouts';
import { GET as getAlipayRoute, POST as bindAlipayRoute, ALL as alipayOther } from '~/pages/api/v1/account/alipayAccount';
import { POST as withdrawRoute, ALL as withdrawOther } from '~/pages/api/v1/account/withdraw';
import { GET as withdrawListRoute } from '~/pages/api/v1/account/withdrawList';
import { POST as withdrawCancelRoute } from '~/pages/api/v1/account/withdrawCancel';
import { GET as goldRoute } from '~/pages/api/v1/account/gold';
import { POST as signInRoute, ALL as signInOther } from '~/pages/api/v1/account/signIn';
import { POST as goldTaskRoute } from '~/pages/api/v1/account/goldTask';
import { POST as goldExchangeRoute } from '~/pages/api/v1/account/goldExchange';
import { GET as complaintTypesRoute } from '~/pages/api/v1/order/complaintTypes';
import { GET as complaintsRoute } from '~/pages/api/v1/order/complaints';
import { POST as complaintRoute, ALL as complaintOther } from '~/pages/api/v1/order/complaint';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';


let serial = 0;
const freshPhone = (): string => `136${String(30_000_000 + (serial += 1)).padStart(8, '0')}`;
const REAL_NAME = '张三丰';
const HOUR_MS = 3_600_000;

describe.each(TEST_DRIVERS)('withdrawals, gold coins and complaints on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  let listing: { id: number; title: string };

  async function bearerFor(userId: number): Promise<string> {
    const { token } = await issueToken(db, userId, { now: new Date() });
    return `Bearer ${token}`;
  }

  async function get<T>(route: APIRoute, path: string, userId: number): Promise<CallResult<T>> {
    return callRoute<T>(route, path, { authorization: await bearerFor(userId) });
  }

  async function post<T>(route: APIRoute, path: string, userId: number, body: unknown = {}): Promise<CallResult<T>> {
    return callRoute<T>(route, path, { method: 'POST', body, authorization: await bearerFor(userId) });
  }

  interface FreshUserOptions {
    mobile?: boolean;
    realName?: string | null;
  }

  /** A user made the one way accounts are made; a phone and a verified real name on request. */
  async function freshUser(options: FreshUserOptions = {}): Promise<number> {
    const id = await db.transaction((tx) =>
      createUser(tx, { username: `wgc_${(serial += 1)}`, nickname: '资金测试', mobile: options.mobile ? freshPhone() : null }, new Date()),
    );
    if (id === null) throw new Error('username taken');
    if (options.realName) await db.update(users).set({ isRealName: true, realName: options.realName }).where(eq(users.id, id));
    return id;
  }

  async function credit(userId: number, amountFen: number): Promise<void> {
    await db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen, refNo: `test-${(serial += 1)}` }));
  }

  /** A verified user with a bound Alipay phone account and `balanceFen` in the wallet. */
  async function withdrawer(balanceFen: number): Promise<number> {
    const userId = await freshUser({ realName: REAL_NAME });
    expectOk(await post(bindAlipayRoute, '/api/v1/account/alipayAccount', userId, { account: '13800000001', real_name: REAL_NAME }));
    if (balanceFen > 0) await credit(userId, balanceFen);
    return userId;
  }

  const withdraw = (userId: number, amount: unknown) => post<Withdrawal>(withdrawRoute, '/api/v1/account/withdraw', userId, { amount });
  const cancel = (userId: number, withdrawNo: string) =>
    post<Withdrawal>(withdrawCancelRoute, '/api/v1/account/withdrawCancel', userId, { withdraw_no: withdrawNo });

  async function ledgerOf(userId: number) {
    return db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id);
  }

  /** The wallet and its ledger agree (issue 5: the balance always equals the ledger's sum). */
  async function expectBalanced(userId: number): Promise<void> {
    expect((await readWallet(db, userId)).balanceFen).toBe(await ledgerSum(db, userId));
  }

  /** A rental order row of `userId`, in its own hour of 2001 so no two windows overlap. */
  async function rentalOrder(userId: number, fields: { status: number; paid: boolean }): Promise<string> {
    const orderNo = `RT${String((serial += 1)).padStart(10, '0')}`;
    const startsAt = new Date(Date.UTC(2001, 0, 1) + serial * 2 * HOUR_MS);
    await db.insert(orders).values({
      orderNo,
      kind: 'rental',
      userId,
      status: fields.status,
      listingId: listing.id,
      rentalId: 1,
      hours: 1,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR_MS),
      originalFen: 500,
      payFen: 500,
      totalFen: 500,
      payDeadline: startsAt,
      paidAt: fields.paid ? startsAt : null,
    });
    return orderNo;
  }

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    const [row] = await db.select({ id: listings.id, title: listings.title }).from(listings).orderBy(listings.id).limit(1);
    if (!row) throw new Error('the seed has no listing');
    listing = row;
  }, 120_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  // ------------------------------------------------------------------------------------------
  // the Alipay account

  it.skipIf(skip)('binding an Alipay account needs real-name verification and the same name', async () => {
    const unverified = await freshUser();
    expect(expectOk(await get<{ account: AlipayAccount | null }>(getAlipayRoute, '/api/v1/account/alipayAccount', unverified))).toEqual({ account: null });
    expectError(
      await post(bindAlipayRoute, '/api/v1/account/alipayAccount', unverified, { account: '13800000001', real_name: REAL_NAME }),
      403,
      '请先完成实名认证',
      MONEY_CODES.realNameRequired,
    );

    const userId = await freshUser({ realName: REAL_NAME });
    for (const account of ['12800000001', '1380000000', 'not-an-email', `${'a'.repeat(60)}@example.com`, '']) {
      expectError(await post(bindAlipayRoute, '/api/v1/account/alipayAccount', userId, { account, real_name: REAL_NAME }), 400, '请输入正确的支付宝账号');
    }
    expectError(await post(bindAlipayRoute, '/api/v1/account/alipayAccount', userId, { real_name: REAL_NAME }), 400, '请输入正确的支付宝账号');
    expectError(await post(bindAlipayRoute, '/api/v1/account/alipayAccount', userId, { account: '13800000001', real_name: '' }), 400, '请输入真实姓名');
    expectError(
      await post(bindAlipayRoute, '/api/v1/account/alipayAccount', userId, { account: '13800000001', real_name: '李四' }),
      400,
      '支付宝实名须与实名认证姓名一致',
    );
    expect(expectOk(await get<{ account: AlipayAccount | null }>(getAlipayRoute, '/api/v1/account/alipayAccount', userId)).account).toBeNull();

    const bound = expectOk(
      await post<{ account: AlipayAccount }>(bindAlipayRoute, '/api/v1/account/alipayAccount', userId, { account: ' 13800000001 ', real_name: REAL_NAME }),
    );
    expect(bound).toEqual({ account: { account_masked: '138****0001', real_name: REAL_NAME } });

    // Binding again replaces it; an email is masked like a***@example.com.
    expectOk(await post(bindAlipayRoute, '/api/v1/account/alipayAccount', userId, { account: 'Alice@Example.com', real_name: REAL_NAME }));
    expect(expectOk(await get<{ account: AlipayAccount | null }>(getAlipayRoute, '/api/v1/account/alipayAccount', userId))).toEqual({
      account: { account_masked: 'a***@example.com', real_name: REAL_NAME },
    });
  });

  // ------------------------------------------------------------------------------------------
  // withdrawals

  it.skipIf(skip)('a withdrawal freezes its amount: balance down, frozen up, one ledger row', async () => {
    const userId = await withdrawer(10_000);
    const created = expectOk(await withdraw(userId, '30.50'));
    expect(created).toMatchObject({ amount: '30.50', amount_fen: 3050, account_masked: '138****0001', status: 'pending', status_text: '处理中', finished_at: null });
    expect(created.withdraw_no).toMatch(/^W\d{14}\d{8}$/);

    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 6950, frozenFen: 3050 });
    const ledger = await ledgerOf(userId);
    expect(ledger.map((row) => [row.kind, row.amountFen, row.balanceAfterFen, row.refNo])).toEqual([
      ['demo_credit', 10_000, 10_000, ledger[0]!.refNo],
      ['withdraw', -3050, 6950, created.withdraw_no],
    ]);
    await expectBalanced(userId);

    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.withdrawNo, created.withdraw_no));
    expect(row).toMatchObject({ userId, amountFen: 3050, account: '13800000001', realName: REAL_NAME, status: 'pending' });
  });

  it.skipIf(skip)('withdrawal amounts: format, minimum, maximum, and a bound account first', async () => {
    const unbound = await freshUser({ realName: REAL_NAME });
    await credit(unbound, 10_000);
    expectError(await withdraw(unbound, '20'), 400, '请先绑定支付宝账户');

    const userId = await withdrawer(3_000_000);
    for (const amount of ['abc', '12.345', '-5', '', 12.345, null]) expectError(await withdraw(userId, amount), 400, '请输入正确的金额');
    expectError(await post(withdrawRoute, '/api/v1/account/withdraw', userId, {}), 400, '请输入正确的金额');
    expectError(await withdraw(userId, '9.99'), 400, '提现金额最少¥10');
    expectError(await withdraw(userId, '0'), 400, '提现金额最少¥10');
    expectError(await withdraw(userId, '20000.01'), 400, '单次提现最多¥20000');
    expect(await db.select().from(withdrawals).where(eq(withdrawals.userId, userId))).toEqual([]);

    expect(expectOk(await withdraw(userId, '10')).amount_fen).toBe(1000);
    // A JSON number is read like the text, as in every money field (wallet.ts yuanAmountSchema).
    expect(expectOk(await withdraw(userId, 12)).amount_fen).toBe(1200);
    expect(expectOk(await withdraw(userId, '20000.00')).amount_fen).toBe(2_000_000);
    await expectBalanced(userId);
  });

  it.skipIf(skip)('a withdrawal beyond the balance is 409 code 1005 and writes nothing', async () => {
    const userId = await withdrawer(5_000);
    expectError(await withdraw(userId, '50.01'), 409, '余额不足，请先充值或选择其他支付方式', MONEY_CODES.insufficientBalance);
    expect(await db.select().from(withdrawals).where(eq(withdrawals.userId, userId))).toEqual([]);
    expect((await ledgerOf(userId)).map((row) => row.kind)).toEqual(['demo_credit']);
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 5_000, frozenFen: 0 });

    // The whole balance is fine.
    expectOk(await withdraw(userId, '50'));
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 0, frozenFen: 5_000 });
    await expectBalanced(userId);
  });

  it.skipIf(skip)('at most 3 withdrawals pending at once', async () => {
    const userId = await withdrawer(100_000);
    const made: Withdrawal[] = [];
    for (let i = 0; i < 3; i += 1) made.push(expectOk(await withdraw(userId, '10')));
    expectError(await withdraw(userId, '10'), 409, '处理中的提现不能超过3笔');
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 97_000, frozenFen: 3_000 });

    expectOk(await cancel(userId, made[0]!.withdraw_no));
    expectOk(await withdraw(userId, '10'));
    await expectBalanced(userId);
  });

  it.skipIf(skip)('withdrawals sent at once still stop at 3 pending', async () => {
    const userId = await withdrawer(100_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => withdraw(userId, '10')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409]);
    expect(await db.select().from(withdrawals).where(eq(withdrawals.userId, userId))).toHaveLength(3);
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 97_000, frozenFen: 3_000 });
    await expectBalanced(userId);
  });

  it.skipIf(skip)('a cancel racing the payout: exactly one wins and the money adds up', async () => {
    const userId = await withdrawer(10_000);
    const created = expectOk(await withdraw(userId, '20'));
    const later = new Date(Date.now() + WITHDRAW_PAYOUT_DELAY_MS + 1_000);
    const [cancelled] = await Promise.all([cancel(userId, created.withdraw_no), sweepPayouts(db, later)]);
    const wallet = await readWallet(db, userId);
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.withdrawNo, created.withdraw_no));
    if (cancelled.status === 200) {
      expect(row!.status).toBe('cancelled');
      expect(wallet).toMatchObject({ balanceFen: 10_000, frozenFen: 0 });
    } else {
      expectError(cancelled, 409, '该提现已处理，无法取消');
      expect(row!.status).toBe('done');
      expect(wallet).toMatchObject({ balanceFen: 8_000, frozenFen: 0 });
    }
    await expectBalanced(userId);
  });

  it.skipIf(skip)('cancelling gives the money back once; only the owner, only while pending', async () => {
    const userId = await withdrawer(10_000);
    const created = expectOk(await withdraw(userId, '40'));

    const other = await withdrawer(10_000);
    expectError(await cancel(other, created.withdraw_no), 404, '提现记录不存在');
    expectError(await cancel(userId, 'W0000000000000000000000'), 404, '提现记录不存在');

    const cancelled = expectOk(await cancel(userId, created.withdraw_no));
    expect(cancelled).toMatchObject({ withdraw_no: created.withdraw_no, status: 'cancelled', status_text: '已取消', amount: '40.00' });
    expect(cancelled.finished_at).not.toBeNull();
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 10_000, frozenFen: 0 });
    const ledger = await ledgerOf(userId);
    expect(ledger.map((row) => [row.kind, row.amountFen, row.balanceAfterFen])).toEqual([
      ['demo_credit', 10_000, 10_000],
      ['withdraw', -4_000, 6_000],
      ['withdraw_cancel', 4_000, 10_000],
    ]);
    expect(ledger[2]!.refNo).toBe(created.withdraw_no);
    await expectBalanced(userId);

    expectError(await cancel(userId, created.withdraw_no), 409, '该提现已处理，无法取消');
    expect(await ledgerOf(userId)).toHaveLength(3);
  });

  it.skipIf(skip)('the sandbox payout settles a withdrawal after its delay: frozen empties, no ledger row', async () => {
    const userId = await withdrawer(10_000);
    const created = expectOk(await withdraw(userId, '25'));

    // Not due yet.
    await sweepPayouts(db, new Date());
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 7_500, frozenFen: 2_500 });

    const later = new Date(Date.now() + WITHDRAW_PAYOUT_DELAY_MS + 1_000);
    expect((await sweepPayouts(db, later)).succeeded).toBeGreaterThanOrEqual(1);
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 7_500, frozenFen: 0 });
    expect(await ledgerOf(userId)).toHaveLength(2);
    await expectBalanced(userId);

    const page = expectOk(await get<Page<Withdrawal>>(withdrawListRoute, '/api/v1/account/withdrawList', userId));
    expect(page.list[0]).toMatchObject({ withdraw_no: created.withdraw_no, status: 'done', status_text: '已到账', finished_at: later.toISOString() });

    // Paid out: cancelling is refused, and settling again changes nothing.
    expectError(await cancel(userId, created.withdraw_no), 409, '该提现已处理，无法取消');
    await sweepPayouts(db, later);
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 7_500, frozenFen: 0 });
  });

  it.skipIf(skip)('the withdrawal list is the caller’s, newest first, paged', async () => {
    const userId = await withdrawer(100_000);
    const first = expectOk(await withdraw(userId, '10'));
    const second = expectOk(await withdraw(userId, '11'));
    const third = expectOk(await withdraw(userId, '12'));
    expectOk(await cancel(userId, second.withdraw_no));
    const stranger = await withdrawer(100_000);
    expectOk(await withdraw(stranger, '13'));

    const page = expectOk(await get<Page<Withdrawal>>(withdrawListRoute, '/api/v1/account/withdrawList', userId));
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 10 });
    expect(page.list.map((w) => [w.withdraw_no, w.status_text])).toEqual([
      [third.withdraw_no, '处理中'],
      [second.withdraw_no, '已取消'],
      [first.withdraw_no, '处理中'],
    ]);
    const paged = expectOk(await get<Page<Withdrawal>>(withdrawListRoute, '/api/v1/account/withdrawList?page=2&page_size=2', userId));
    expect(paged).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(paged.list.map((w) => w.withdraw_no)).toEqual([first.withdraw_no]);
    expect((await get(withdrawListRoute, '/api/v1/account/withdrawList?page_size=51', userId)).status).toBe(400);
  });

  it.skipIf(skip)('money calls need a token and their one method', async () => {
    expectUnauthorized(await callRoute(withdrawRoute, '/api/v1/account/withdraw', { method: 'POST', body: { amount: '10' } }));
    expectUnauthorized(await callRoute(getAlipayRoute, '/api/v1/account/alipayAccount'));
    expectUnauthorized(await callRoute(goldRoute, '/api/v1/account/gold'));
    expectUnauthorized(await callRoute(complaintsRoute, '/api/v1/order/complaints'));
    expect((await callRoute(withdrawOther, '/api/v1/account/withdraw')).status).toBe(405);
    expect((await callRoute(alipayOther, '/api/v1/account/alipayAccount', { method: 'DELETE' })).headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect((await callRoute(signInOther, '/api/v1/account/signIn')).status).toBe(405);
    expect((await callRoute(complaintOther, '/api/v1/order/complaint')).status).toBe(405);
  });

  // ------------------------------------------------------------------------------------------
  // gold coins

  async function coinLedgerOf(userId: number) {
    return db.select().from(goldCoinLedger).where(eq(goldCoinLedger.userId, userId)).orderBy(goldCoinLedger.id);
  }

  /** The coins and their ledger agree: the last balance_after, and the sum of the amounts. */
  async function expectCoinsBalanced(userId: number): Promise<void> {
    const rows = await coinLedgerOf(userId);
    const coins = (await readWallet(db, userId)).goldCoins;
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(coins);
    expect(rows.at(-1)?.balanceAfter ?? 0).toBe(coins);
  }

  /** Coins for the exchange tests, written the way the service writes them (wallet and ledger). */
  async function grantCoins(userId: number, amount: number): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.insert(wallets).values({ userId }).onConflictDoNothing();
      const [row] = await tx
        .update(wallets)
        .set({ goldCoins: sql`${wallets.goldCoins} + ${amount}` })
        .where(eq(wallets.userId, userId))
        .returning({ goldCoins: wallets.goldCoins });
      await tx.insert(goldCoinLedger).values({ userId, kind: 'task', amount, balanceAfter: row!.goldCoins, refNo: `test-${(serial += 1)}` });
    });
  }

  it.skipIf(skip)('signing in twice on one day credits once; the next day counts again', async () => {
    const userId = await freshUser();
    const before = expectOk(await get<GoldOverview>(goldRoute, '/api/v1/account/gold', userId));
    expect(before).toMatchObject({
      coins: 0,
      signed_today: false,
      sign_in_coins: GOLD_SIGN_IN_COINS,
      exchange_coins: GOLD_EXCHANGE_COINS,
      exchange_red_packet: '1.00',
      exchanges_left_today: GOLD_EXCHANGES_PER_DAY,
      history: [],
    });

    // A double click: both at once, one answer is the credit, the other 409.
    const signInOnce = () => post<GoldOverview>(signInRoute, '/api/v1/account/signIn', userId);
    const [a, b] = await Promise.all([signInOnce(), signInOnce()]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const failed = a.status === 409 ? a : b;
    expectError(failed, 409, '今日已签到');
    const after = (a.status === 200 ? a : b).body.data;
    expect(after).toMatchObject({ coins: GOLD_SIGN_IN_COINS, signed_today: true });
    expect(after.history).toHaveLength(1);
    expect(after.history[0]).toMatchObject({ kind_text: '每日签到', amount: GOLD_SIGN_IN_COINS });

    expectError(await post(signInRoute, '/api/v1/account/signIn', userId), 409, '今日已签到');
    expect(await coinLedgerOf(userId)).toHaveLength(1);

    const tomorrow = new Date(Date.now() + MS_PER_DAY);
    const next = await signIn(db, userId, tomorrow);
    expect(next).toMatchObject({ coins: 2 * GOLD_SIGN_IN_COINS, signed_today: true });
    const rows = await coinLedgerOf(userId);
    expect(rows.map((row) => row.kind)).toEqual(['sign_in', 'sign_in']);
    expect(rows[0]!.refNo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows[1]!.refNo).not.toBe(rows[0]!.refNo);
    await expectCoinsBalanced(userId);
  });

  it.skipIf(skip)('a task pays once, only after its condition holds', async () => {
    const userId = await freshUser();
    const claim = (key: unknown) => post<GoldOverview>(goldTaskRoute, '/api/v1/account/goldTask', userId, { key });

    const overview = expectOk(await get<GoldOverview>(goldRoute, '/api/v1/account/gold', userId));
    expect(overview.tasks).toEqual([
      { key: 'real_name', name: '完成实名认证', coins: 20, done: false, claimed: false },
      { key: 'bind_phone', name: '绑定手机号', coins: 20, done: false, claimed: false },
      { key: 'first_rental', name: '完成首次租号', coins: 50, done: false, claimed: false },
    ]);
    expectError(await claim('invite_friends'), 400, '未知的任务');
    expectError(await claim(undefined), 400, '未知的任务');
    for (const key of ['real_name', 'bind_phone', 'first_rental']) expectError(await claim(key), 409, '任务尚未完成');

    await db.update(users).set({ isRealName: true, realName: REAL_NAME, mobile: freshPhone() }).where(eq(users.id, userId));
    const afterRealName = expectOk(await claim('real_name'));
    expect(afterRealName.coins).toBe(20);
    expect(afterRealName.tasks[0]).toMatchObject({ done: true, claimed: true });
    expect(afterRealName.history[0]).toMatchObject({ kind_text: '任务奖励·完成实名认证', amount: 20 });
    expectError(await claim('real_name'), 409, '奖励已领取');
    expect(expectOk(await claim('bind_phone')).coins).toBe(40);

    // An unpaid rental is not a first rental; a paid one is (running 3 or finished 4).
    await rentalOrder(userId, { status: 1, paid: false });
    expectError(await claim('first_rental'), 409, '任务尚未完成');
    await rentalOrder(userId, { status: 4, paid: true });
    const done = expectOk(await claim('first_rental'));
    expect(done.coins).toBe(90);
    expect(done.tasks.every((task) => task.done && task.claimed)).toBe(true);
    expect(done.history.map((entry) => entry.kind_text)).toEqual(['任务奖励·完成首次租号', '任务奖励·绑定手机号', '任务奖励·完成实名认证']);
    await expectCoinsBalanced(userId);
  });

  it.skipIf(skip)('an exchange spends coins for a 1-yuan no-threshold red envelope', async () => {
    const userId = await freshUser();
    const exchange = () => post<GoldOverview>(goldExchangeRoute, '/api/v1/account/goldExchange', userId);
    const envelopes = () => db.select().from(redPackets).where(and(eq(redPackets.userId, userId), eq(redPackets.source, 'gold_exchange')));

    expectError(await exchange(), 409, '金币不足');
    await grantCoins(userId, GOLD_EXCHANGE_COINS - 1);
    expectError(await exchange(), 409, '金币不足');
    expect(await envelopes()).toEqual([]);

    await grantCoins(userId, 1);
    const before = Date.now();
    const after = expectOk(await exchange());
    expect(after).toMatchObject({ coins: 0, exchanges_left_today: GOLD_EXCHANGES_PER_DAY - 1 });
    expect(after.history[0]).toMatchObject({ kind_text: '兑换红包', amount: -GOLD_EXCHANGE_COINS });
    const [envelope, ...more] = await envelopes();
    expect(more).toEqual([]);
    expect(envelope).toMatchObject({ name: '金币兑换·无门槛减1元', type: 2, minOrderAmountFen: 0, discountAmountFen: 100, status: 1 });
    expect(envelope!.expiresAt.getTime() - envelope!.receivedAt.getTime()).toBe(30 * MS_PER_DAY);
    expect(Math.abs(envelope!.receivedAt.getTime() - before)).toBeLessThan(60_000);
    await expectCoinsBalanced(userId);
  });

  it.skipIf(skip)(`at most ${GOLD_EXCHANGES_PER_DAY} exchanges per Shanghai day`, async () => {
    const userId = await freshUser();
    await grantCoins(userId, (GOLD_EXCHANGES_PER_DAY + 2) * GOLD_EXCHANGE_COINS);
    for (let i = 0; i < GOLD_EXCHANGES_PER_DAY; i += 1) expectOk(await post(goldExchangeRoute, '/api/v1/account/goldExchange', userId));
    expectError(await post(goldExchangeRoute, '/api/v1/account/goldExchange', userId), 409, '今日兑换次数已用完');
    const overview = expectOk(await get<GoldOverview>(goldRoute, '/api/v1/account/gold', userId));
    expect(overview).toMatchObject({ coins: 2 * GOLD_EXCHANGE_COINS, exchanges_left_today: 0 });
    const refs = (await coinLedgerOf(userId)).filter((row) => row.kind === 'exchange').map((row) => row.refNo);
    expect(refs.map((ref) => ref.replace(/^\d{4}-\d{2}-\d{2}-/, ''))).toEqual(['1', '2', '3', '4', '5']);

    const next = await exchangeGold(db, userId, new Date(Date.now() + MS_PER_DAY));
    expect(next).toMatchObject({ coins: GOLD_EXCHANGE_COINS, exchanges_left_today: GOLD_EXCHANGES_PER_DAY - 1 });
    await expectCoinsBalanced(userId);
  });

  // ------------------------------------------------------------------------------------------
  // complaints

  const complain = (userId: number, body: unknown) => post<Complaint>(complaintRoute, '/api/v1/order/complaint', userId, body);
  const GOOD_CONTENT = '账号登录时提示密码错误';

  it.skipIf(skip)('complaint types are public', async () => {
    const types = expectOk(await callRoute<ComplaintType[]>(complaintTypesRoute, '/api/v1/order/complaintTypes'));
    expect(types).toEqual(COMPLAINT_TYPES.map(({ type, name }) => ({ type, name })));
  });

  it.skipIf(skip)('a complaint needs a bound phone (403 code 1004)', async () => {
    const [renter02] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERS.renterUnverified.username));
    const noPhone = await freshUser();
    const orderNo = await rentalOrder(noPhone, { status: 3, paid: true });
    for (const userId of [renter02!.id, noPhone]) {
      // Told before anything about the form.
      expectError(await complain(userId, { order_no: orderNo, type: 1, content: GOOD_CONTENT }), 403, '当前账号未绑定手机号', MONEY_CODES.phoneRequired);
      expectError(await complain(userId, {}), 403, '当前账号未绑定手机号', MONEY_CODES.phoneRequired);
    }
    expect(await db.select().from(complaints).where(eq(complaints.userId, noPhone))).toEqual([]);
  });

  it.skipIf(skip)("only the renter's paid rental can be complained about", async () => {
    const userId = await freshUser({ mobile: true });
    const stranger = await freshUser({ mobile: true });
    const strangersOrder = await rentalOrder(stranger, { status: 3, paid: true });
    expectError(await complain(userId, { order_no: strangersOrder, type: 1, content: GOOD_CONTENT }), 404, '订单不存在');
    expectError(await complain(userId, { order_no: 'R000000000000000000000', type: 1, content: GOOD_CONTENT }), 404, '订单不存在');
    const unpaid = await rentalOrder(userId, { status: 1, paid: false });
    expectError(await complain(userId, { order_no: unpaid, type: 1, content: GOOD_CONTENT }), 409, '未支付的订单不能投诉');
    // Cancelled after payment still counts.
    const cancelledPaid = await rentalOrder(userId, { status: 5, paid: true });
    expectOk(await complain(userId, { order_no: cancelledPaid, type: 6, content: GOOD_CONTENT }));
  });

  it.skipIf(skip)('complaint type and description are checked', async () => {
    const userId = await freshUser({ mobile: true });
    const orderNo = await rentalOrder(userId, { status: 3, paid: true });
    for (const type of [0, 7, 1.5, '1', undefined]) expectError(await complain(userId, { order_no: orderNo, type, content: GOOD_CONTENT }), 400, '请选择投诉类型');
    for (const content of ['', '  短短  ', '1234', 'x'.repeat(501), undefined]) {
      expectError(await complain(userId, { order_no: orderNo, type: 1, content }), 400, '问题描述需5-500个字');
    }
    // Five characters after trimming, and 500 emoji (500 characters, 1000 UTF-16 units), are fine.
    const short = expectOk(await complain(userId, { order_no: orderNo, type: 2, content: '  密码不对啊  ' }));
    expect(short.content).toBe('密码不对啊');
    expectOk(await complain(userId, { order_no: await rentalOrder(userId, { status: 4, paid: true }), type: 2, content: '😀'.repeat(500) }));
  });

  it.skipIf(skip)('a complaint is returned and listed with its order and listing, newest first', async () => {
    const userId = await freshUser({ mobile: true });
    const orderNo = await rentalOrder(userId, { status: 3, paid: true });
    const created = expectOk(await complain(userId, { order_no: orderNo, type: 3, content: GOOD_CONTENT }));
    expect(created).toMatchObject({
      order_no: orderNo,
      type: 3,
      type_name: '账号被顶号/被找回',
      content: GOOD_CONTENT,
      status: 1,
      status_text: '处理中',
      reply: null,
      product_title: listing.title,
    });
    const second = expectOk(await complain(userId, { order_no: orderNo, type: 6, content: '其他的问题描述' }));
    await db.update(complaints).set({ status: 2, reply: '已为您处理' }).where(eq(complaints.id, created.id));
    const stranger = await freshUser({ mobile: true });
    expectOk(await complain(stranger, { order_no: await rentalOrder(stranger, { status: 3, paid: true }), type: 1, content: GOOD_CONTENT }));

    const page = expectOk(await get<Page<Complaint>>(complaintsRoute, '/api/v1/order/complaints', userId));
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 10 });
    expect(page.list.map((c) => [c.id, c.status_text, c.reply])).toEqual([
      [second.id, '处理中', null],
      [created.id, '已处理', '已为您处理'],
    ]);
    expect(page.list[1]).toMatchObject({ order_no: orderNo, product_title: listing.title });
  });

  it.skipIf(skip)('at most 3 open complaints per order', async () => {
    const userId = await freshUser({ mobile: true });
    const orderNo = await rentalOrder(userId, { status: 3, paid: true });
    const made: Complaint[] = [];
    for (let i = 0; i < 3; i += 1) made.push(expectOk(await complain(userId, { order_no: orderNo, type: 1, content: `${GOOD_CONTENT}${i}` })));
    expectError(await complain(userId, { order_no: orderNo, type: 1, content: GOOD_CONTENT }), 409, '该订单已有3条处理中的投诉');
    // Another order of the same user is not affected; a handled complaint frees a place.
    expectOk(await complain(userId, { order_no: await rentalOrder(userId, { status: 4, paid: true }), type: 1, content: GOOD_CONTENT }));
    await db.update(complaints).set({ status: 2 }).where(eq(complaints.id, made[0]!.id));
    expectOk(await complain(userId, { order_no: orderNo, type: 1, content: GOOD_CONTENT }));
  });
});
