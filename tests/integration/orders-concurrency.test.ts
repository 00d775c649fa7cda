/**
 * Races (issue 5 "two renters racing for one window can never both win", "the balance always
 * equals the ledger's sum and is never negative", "exactly-once"), on PostgreSQL ONLY: this file
 * runs when DATABASE_URL_TEST names a server and is skipped otherwise. PGlite is one connection
 * that runs one query at a time, so every "concurrent" call there is really serial and a race
 * could never show; a pg Pool (10 connections, the default; further requests queue) really
 * interleaves the transactions.
 */
import type { APIContext } from 'astro';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_CODES, type OrderView, type PayResult } from '~/features/wallet/client/money';
import type { Db } from '~/platform/db/client';
import { listings, orders, payments, users, walletLedger, wallets, type LedgerKind } from '~/platform/db/schema';
import { confirmSandboxTrade, sandboxNotifyParams } from '~/platform/providers/payment/sandbox';
import { sweepOrders } from '~/features/orders/server/order-lifecycle';
import { checkoutOrder, createRecharge, payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { expireUnpaidOrders } from '~/features/orders/server/booking';
import { createUser } from '~/features/account/server/users';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { POST as notifyRoute } from '~/pages/api/v1/pay/notify/[channel]';
import { suiteContext, useSuiteDatabase } from './route-context';
import { bookableListingIds } from './bookable-listings';
import { settle } from './settle';


const pgUrl = process.env['DATABASE_URL_TEST'];
const SITE = { origin: 'http://localhost' };
const MINUTE = 60_000;
const MSG_WINDOW_TAKEN = '该账号此时段已被租用';
const MSG_INSUFFICIENT = '余额不足，请先充值或选择其他支付方式';
const MSG_ALREADY_RECORDED = '该笔资金已处理';
const MSG_NOT_PAYABLE = '订单当前状态无法支付';

let serial = 0;

/** A small seeded PRNG (mulberry32): the same "random" mix on every run, so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function deliver(channel: string, params: Record<string, string>): Promise<string> {
  const request = new Request(`http://localhost/api/v1/pay/notify/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(params).toString(),
  });
  const response = await notifyRoute({ request, params: { channel }, url: new URL(request.url), locals: suiteContext.locals() } as unknown as APIContext);
  return `${response.status} ${await response.text()}`;
}

describe.skipIf(!pgUrl)('races on PostgreSQL (DATABASE_URL_TEST)', () => {
  let db: Db;
  let listingIds: number[] = [];

  async function freshUsers(n: number, balanceFen = 0): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const id = await db.transaction((tx) => createUser(tx, { username: `race_${(serial += 1)}`, nickname: '并发测试' }, new Date()));
      if (id === null) throw new Error('username taken');
      ids.push(id);
    }
    await db.update(users).set({ isRealName: true }).where(inArray(users.id, ids));
    if (balanceFen > 0) {
      for (const userId of ids) {
        await db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen: balanceFen, refNo: `race-credit-${(serial += 1)}` }));
      }
    }
    return ids;
  }

  function takeListing(): number {
    const id = listingIds.shift();
    if (id === undefined) throw new Error('the demo seed has no free listing left');
    return id;
  }

  const rental = (listingId: number) => ({ account_id: listingId, option: 'hourly' as const, hours: 3 });

  useSuiteDatabase({ driver: 'postgres', skip: false, seed: true }, async (opened) => {
    db = opened;
    listingIds = await bookableListingIds(db, 4);
  });

  it('50 renters racing for one window: exactly one order, 49 refusals 409 code 1006 该账号此时段已被租用, no other error', async () => {
    const listingId = takeListing();
    const renters = await freshUsers(50);
    const now = new Date();
    const outcomes = await Promise.all(renters.map((userId) => settle(createOrder(db, userId, rental(listingId), null, now))));

    const unexpected = outcomes.filter((outcome) => 'unexpected' in outcome);
    expect(unexpected, 'errors other than AppError (a 500 at the endpoint)').toEqual([]);
    const won = outcomes.filter((outcome): outcome is { ok: true; value: OrderView } => outcome.ok);
    expect(won).toHaveLength(1);
    const refused = outcomes.filter((outcome) => !outcome.ok);
    expect(refused).toHaveLength(49);
    for (const outcome of refused) expect(outcome).toEqual({ ok: false, status: 409, code: MONEY_CODES.windowTaken, msg: MSG_WINDOW_TAKEN });

    const rows = await db.select().from(orders).where(eq(orders.listingId, listingId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.orderNo).toBe(won[0]!.value.order_no);
  });

  it('30 renters checking out one window from their wallets at once (10 of them short): one paid order and one debit; refusals only 1006 or 1005; no money moves for the rest', async () => {
    const listingId = takeListing();
    const rich = await freshUsers(20, 100_000);
    const short = await freshUsers(10, 1);
    const now = new Date();
    const renters = [...rich, ...short].sort((a, b) => (a * 7919) % 31 - (b * 7919) % 31);
    const outcomes = await Promise.all(renters.map((userId) => settle(checkoutOrder(db, userId, rental(listingId), `race-checkout-${(serial += 1)}`, now))));

    expect(outcomes.filter((outcome) => 'unexpected' in outcome), 'errors other than AppError (a 500 at the endpoint)').toEqual([]);
    const won = outcomes.filter((outcome): outcome is { ok: true; value: OrderView } => outcome.ok);
    expect(won).toHaveLength(1);
    expect(won[0]!.value.order_status).toBe(3);
    for (const outcome of outcomes.filter((outcome) => !outcome.ok)) {
      expect([MONEY_CODES.windowTaken, MONEY_CODES.insufficientBalance]).toContain((outcome as { code: number }).code);
    }
    // The seed's own rentals of this listing are history; the renters here made one order in all.
    const rows = await db.select().from(orders).where(and(eq(orders.listingId, listingId), inArray(orders.userId, renters)));
    expect(rows.map((row) => [row.orderNo, row.status])).toEqual([[won[0]!.value.order_no, 3]]);
    expect(await db.select({ kind: walletLedger.kind, amountFen: walletLedger.amountFen }).from(walletLedger).where(eq(walletLedger.refNo, won[0]!.value.order_no))).toEqual([{ kind: 'order_pay', amountFen: -won[0]!.value.total_fen }]);
    for (const userId of renters) {
      const { balanceFen } = await readWallet(db, userId);
      expect(balanceFen).toBe(await ledgerSum(db, userId));
      const winner = rows[0]!.userId === userId;
      expect(balanceFen).toBe(short.includes(userId) ? 1 : winner ? 100_000 - won[0]!.value.total_fen : 100_000);
    }
  });

  it('10 concurrent creates with one Idempotency-Key: one order, every answer names it', async () => {
    const [renter] = await freshUsers(1);
    const listingId = takeListing();
    const key = `race-create-${(serial += 1)}`;
    const now = new Date();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => settle(createOrder(db, renter!, rental(listingId), key, now))));
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    const numbers = new Set(outcomes.map((outcome) => (outcome as { value: OrderView }).value.order_no));
    expect(numbers.size).toBe(1);
    expect(await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.userId, renter!))).toEqual([{ orderNo: [...numbers][0] }]);
  });

  it('1,000 concurrent credits and debits over 10 wallets: balance = ledger sum ≥ 0, one ledger row per success, refusals only 1005 or duplicate', async () => {
    const owners = await freshUsers(10);
    const next = random(20_240_601);
    interface Op {
      userId: number;
      kind: LedgerKind;
      amountFen: number;
      refNo: string;
      duplicateOf: number | null;
    }
    const ops: Op[] = [];
    for (let i = 0; i < 1_000; i += 1) {
      if (i > 20 && next() < 0.1) {
        // The same (kind, ref_no) again, as a retried request would send it.
        const original = Math.floor(next() * ops.length);
        ops.push({ ...ops[original]!, duplicateOf: ops[original]!.duplicateOf ?? original });
        continue;
      }
      const userId = owners[Math.floor(next() * owners.length)]!;
      const credit = next() < 0.5;
      ops.push({
        userId,
        kind: credit ? 'recharge' : 'order_pay',
        amountFen: credit ? 1 + Math.floor(next() * 5_000) : -(1 + Math.floor(next() * 8_000)),
        refNo: `race-${credit ? 'in' : 'out'}-${i}`,
        duplicateOf: null,
      });
    }

    const outcomes = await Promise.all(ops.map((op) => settle(db.transaction((tx) => changeBalance(tx, op)))));

    expect(outcomes.filter((outcome) => 'unexpected' in outcome)).toEqual([]);
    const refusals = outcomes.filter((outcome) => !outcome.ok) as { status: number; code: number; msg: string }[];
    for (const refusal of refusals) {
      expect([
        { ok: false, status: 409, code: MONEY_CODES.insufficientBalance, msg: MSG_INSUFFICIENT },
        { ok: false, status: 409, code: 1, msg: MSG_ALREADY_RECORDED },
      ]).toContainEqual(refusal);
    }
    const succeeded = ops.filter((_, i) => outcomes[i]!.ok);
    // The mix really exercised both refusals.
    expect(refusals.some((refusal) => refusal.code === MONEY_CODES.insufficientBalance)).toBe(true);
    expect(refusals.some((refusal) => refusal.msg === MSG_ALREADY_RECORDED)).toBe(true);

    // A (kind, ref_no) is recorded at most once; a credit (which cannot be refused for balance) exactly once.
    const byRef = new Map<string, number>();
    for (const op of succeeded) byRef.set(`${op.kind}:${op.refNo}`, (byRef.get(`${op.kind}:${op.refNo}`) ?? 0) + 1);
    expect([...byRef.values()].every((n) => n === 1)).toBe(true);
    for (const op of ops) if (op.amountFen > 0) expect(byRef.get(`${op.kind}:${op.refNo}`), op.refNo).toBe(1);

    const [ledgerCount] = await db.select({ value: count() }).from(walletLedger).where(inArray(walletLedger.userId, owners));
    expect(ledgerCount!.value).toBe(succeeded.length);
    for (const userId of owners) {
      const { balanceFen } = await readWallet(db, userId);
      expect(balanceFen).toBe(await ledgerSum(db, userId));
      expect(balanceFen).toBeGreaterThanOrEqual(0);
      expect(balanceFen).toBe(succeeded.filter((op) => op.userId === userId).reduce((sum, op) => sum + op.amountFen, 0));
      // Changes of one wallet are serialised: each row's balance_after is the running sum so far.
      const rows = await db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id);
      let running = 0;
      for (const row of rows) {
        running += Number(row.amountFen);
        expect(Number(row.balanceAfterFen)).toBe(running);
      }
    }
  }, 60_000);

  it("a user's first money: 20 credits and 5 debits at once on a user without a wallet row; every credit lands, the wallet is created once", async () => {
    const [userId] = await freshUsers(1);
    await db.delete(wallets).where(eq(wallets.userId, userId!));
    const credits = Array.from({ length: 20 }, (_, i) => ({ userId: userId!, kind: 'recharge' as const, amountFen: 100 + i, refNo: `first-in-${userId}-${i}` }));
    const debits = Array.from({ length: 5 }, (_, i) => ({ userId: userId!, kind: 'order_pay' as const, amountFen: -50, refNo: `first-out-${userId}-${i}` }));
    const outcomes = await Promise.all([...credits, ...debits].map((op) => settle(db.transaction((tx) => changeBalance(tx, op)))));
    expect(outcomes.filter((outcome) => 'unexpected' in outcome)).toEqual([]);
    expect(outcomes.slice(0, 20).every((outcome) => outcome.ok)).toBe(true);
    for (const refusal of outcomes.slice(20).filter((outcome) => !outcome.ok)) expect(refusal).toMatchObject({ status: 409, code: MONEY_CODES.insufficientBalance });
    const [rows] = await db.select({ value: count() }).from(wallets).where(eq(wallets.userId, userId!));
    expect(rows!.value).toBe(1);
    const { balanceFen } = await readWallet(db, userId!);
    expect(balanceFen).toBe(await ledgerSum(db, userId!));
    expect(balanceFen).toBe(credits.reduce((sum, op) => sum + op.amountFen, 0) - 50 * outcomes.slice(20).filter((outcome) => outcome.ok).length);
  });

  it('40 concurrent wallet payments of one order (20 with one Idempotency-Key, 20 with their own): debited once, one order_pay row', async () => {
    const [payer] = await freshUsers(1, 1_000_000);
    const order = await createOrder(db, payer!, rental(takeListing()), null, new Date());
    const shared = `race-pay-shared-${(serial += 1)}`;
    const now = new Date();
    const calls = Array.from({ length: 40 }, (_, i) =>
      settle(payOrder(db, payer!, { order_no: order.order_no, channel: 'wallet' }, i % 2 === 0 ? shared : `race-pay-own-${(serial += 1)}`, SITE, now)),
    );
    const outcomes = await Promise.all(calls);

    expect(outcomes.filter((outcome) => 'unexpected' in outcome)).toEqual([]);
    const paid = outcomes.filter((outcome): outcome is { ok: true; value: PayResult } => outcome.ok);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const outcome of paid) expect(outcome.value).toMatchObject({ paid: true, order: { order_no: order.order_no, order_status: 3 } });
    for (const outcome of outcomes.filter((o) => !o.ok)) expect(outcome).toEqual({ ok: false, status: 409, code: 1, msg: MSG_NOT_PAYABLE });
    // Every success beyond the first is a replay of the shared key's first answer.
    const ownKeySuccesses = outcomes.filter((outcome, i) => outcome.ok && i % 2 === 1).length;
    expect(ownKeySuccesses).toBeLessThanOrEqual(1);

    const pays = await db.select().from(walletLedger).where(and(eq(walletLedger.refNo, order.order_no), eq(walletLedger.kind, 'order_pay')));
    expect(pays.map((row) => Number(row.amountFen))).toEqual([-order.total_fen]);
    const { balanceFen } = await readWallet(db, payer!);
    expect(balanceFen).toBe(1_000_000 - order.total_fen);
    expect(balanceFen).toBe(await ledgerSum(db, payer!));
  });

  it('one notify delivered 10 times at once credits once: a recharge, and the surplus of a timed-out order', async () => {
    const [recharger, late] = await freshUsers(2);
    const now = new Date();
    const recharge = await createRecharge(db, recharger!, { amount: 6_660, channel: 'alipay' }, null, SITE, now);
    const rechargeTrade = await confirmSandboxTrade(db, recharge.pay_no, now);
    const rechargeNotify = await sandboxNotifyParams(db, rechargeTrade!, now);

    const lateListing = takeListing();
    const timedOut = await createOrder(db, late!, rental(lateListing), null, now);
    const checkout = await payOrder(db, late!, { order_no: timedOut.order_no, channel: 'wechat' }, null, SITE, now);
    if (checkout.paid) throw new Error('expected a checkout');
    // Only this listing's orders: the recharge must still be payable.
    await db.transaction((tx) => expireUnpaidOrders(tx, new Date(now.getTime() + 15 * MINUTE), lateListing));
    const lateTrade = await confirmSandboxTrade(db, checkout.pay_no, now);
    const lateNotify = await sandboxNotifyParams(db, lateTrade!, now);

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver('alipay', rechargeNotify)),
      ...Array.from({ length: 10 }, () => deliver('wechat', lateNotify)),
    ]);
    expect(answers).toEqual(Array.from({ length: 20 }, () => '200 success'));

    const ledger = await db.select().from(walletLedger).where(inArray(walletLedger.userId, [recharger!, late!])).orderBy(walletLedger.id);
    expect(ledger.map((row) => [row.userId, row.kind, Number(row.amountFen), row.refNo]).sort()).toEqual(
      [
        [recharger!, 'recharge', 6_660, recharge.order_no],
        [late!, 'pay_surplus', timedOut.total_fen, checkout.pay_no],
      ].sort(),
    );
    const counts = await db.select({ payNo: payments.payNo, notifyCount: payments.notifyCount, status: payments.status }).from(payments).where(inArray(payments.payNo, [recharge.pay_no, checkout.pay_no]));
    expect(counts.map((row) => [row.notifyCount, row.status])).toEqual([
      [10, 'paid'],
      [10, 'paid'],
    ]);
    for (const userId of [recharger!, late!]) expect((await readWallet(db, userId)).balanceFen).toBe(await ledgerSum(db, userId));
  });

  it('five processes sweeping at once share the work: each ended rental is finished and its deposit returned once', async () => {
    const renters = await freshUsers(12, 1_000_000);
    const start = new Date();
    const orderNos: string[] = [];
    for (const userId of renters) {
      const listingId = takeListing();
      // A deposit on every one, so each finish writes a ledger row.
      await db.update(listings).set({ depositFen: 1_000 }).where(eq(listings.id, listingId));
      const order = await createOrder(db, userId, rental(listingId), null, start);
      await payOrder(db, userId, { order_no: order.order_no, channel: 'wallet' }, null, SITE, start);
      orderNos.push(order.order_no);
    }
    const after = new Date(start.getTime() + 4 * 3_600_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => settle(sweepOrders(db, after))));
    expect(results.filter((result) => !result.ok)).toEqual([]);
    const finishedBySweeps = results.reduce((sum, result) => sum + (result.ok ? result.value.finished : 0), 0);
    expect(finishedBySweeps).toBeGreaterThanOrEqual(orderNos.length);

    const rows = await db.select({ status: orders.status }).from(orders).where(inArray(orders.orderNo, orderNos));
    expect(rows.every((row) => row.status === 4)).toBe(true);
    const returns = await db.select({ refNo: walletLedger.refNo }).from(walletLedger).where(and(eq(walletLedger.kind, 'deposit_return'), inArray(walletLedger.refNo, orderNos)));
    expect(returns.map((row) => row.refNo).sort()).toEqual([...orderNos].sort());
    for (const userId of renters) {
      const [wallet] = await db.select({ balanceFen: wallets.balanceFen }).from(wallets).where(eq(wallets.userId, userId));
      expect(Number(wallet!.balanceFen)).toBe(await ledgerSum(db, userId));
    }
  });
});
