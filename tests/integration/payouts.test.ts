/**
 * Real payouts (docs/decisions.md "Payouts") through the live Alipay payout adapter against a local
 * fake of Alipay's transfer gateway (./fake-alipay-payout.ts: it verifies our RSA2 signatures, signs
 * its answers, books transfers by out_biz_no and counts the money that moved), on a fresh PGlite
 * and on PostgreSQL when DATABASE_URL_TEST is set: success, failure with the reason and the money
 * back through the ledger, a timeout then the query, a resend of the same out_biz_no that is not
 * paid twice, a crash between sending and recording, two sweeps racing, a cancel racing the claim,
 * and answers that are not to be trusted.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_QUERY_BACKOFF_MS, PAYOUT_SENDING_TIMEOUT_MS, WITHDRAW_PAYOUT_DELAY_MS } from '~/features/wallet/constants';
import type { Db } from '~/platform/db/client';
import { alipayAccounts, notifications, payoutAttempts, users, walletLedger, withdrawals } from '~/platform/db/schema';
import { setPayoutProvider, type PayoutProvider } from '~/platform/providers/payout';
import { alipayPayout } from '~/platform/providers/payout/alipay';
import { ALIPAY_PAYOUT_FAIL_REASONS } from '~/platform/rules/alipay-payout';
import { createUser } from '~/features/account/server/users';
import { runLedgerCheck } from '~/features/wallet/server/ops-finance';
import { sweepPayouts } from '~/features/wallet/server/payouts';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { cancelWithdrawal, createWithdrawal, listWithdrawals } from '~/features/wallet/server/withdrawals';
import { AppError } from '~/platform/http/errors';
import { TEST_DRIVERS } from './drivers';
import { FakeAlipayPayout, PAYOUT_APP_ID } from './fake-alipay-payout';
import { keyPair } from './fake-wechatpay';
import { useSuiteDatabase } from './route-context';

const REAL_NAME = '张三';
const ACCOUNT = 'payee@example.com';
/** The adapter gives up on a call after this long (the fake's hang is longer). */
const CALL_TIMEOUT_MS = 400;

describe.each(TEST_DRIVERS)('payouts through the Alipay adapter against a fake gateway on $label', ({ driver, skip }) => {
  let db: Db;
  const app = keyPair();
  const fake = new FakeAlipayPayout(app.publicKey);
  let live: PayoutProvider;
  let serial = 0;

  beforeAll(async () => {
    if (skip) return;
    await fake.start();
    live = alipayPayout({ appId: PAYOUT_APP_ID, privateKeyPem: app.privateKey, alipayPublicKeyPem: fake.gatewayKeys.publicKey, gateway: fake.gateway, timeoutMs: CALL_TIMEOUT_MS });
    setPayoutProvider(live);
  });
  afterEach(() => {
    if (!skip) setPayoutProvider(live);
    fake.forgeAnswers = false;
  });
  afterAll(async () => {
    setPayoutProvider(undefined);
    if (!skip) await fake.stop();
  });
  useSuiteDatabase({ driver, skip }, (opened) => {
    db = opened;
  });

  /** A verified user with a bound Alipay account and `balanceFen`. */
  async function payee(balanceFen: number): Promise<number> {
    const now = new Date();
    const userId = (await db.transaction((tx) => createUser(tx, { username: `payout${driver.slice(0, 2)}${(serial += 1)}`, nickname: '打款测试' }, now)))!;
    await db.update(users).set({ isRealName: true, realName: REAL_NAME }).where(eq(users.id, userId));
    await db.insert(alipayAccounts).values({ userId, account: ACCOUNT, realName: REAL_NAME });
    await db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen: balanceFen, refNo: `payout-credit-${driver}-${serial}` }));
    return userId;
  }

  /** A pending withdrawal (under the review threshold) and the moment the sweep may claim it. */
  async function withdrawal(userId: number, amountFen: number): Promise<{ no: string; due: Date }> {
    const now = new Date();
    const made = await db.transaction((tx) => createWithdrawal(tx, userId, amountFen, now));
    expect(made.status).toBe('pending');
    return { no: made.withdraw_no, due: new Date(now.getTime() + WITHDRAW_PAYOUT_DELAY_MS + 1_000) };
  }

  async function state(no: string) {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.withdrawNo, no));
    const [attempt] = await db.select().from(payoutAttempts).where(eq(payoutAttempts.withdrawNo, no));
    return { withdrawal: row!, attempt: attempt ?? null };
  }

  async function expectBalanced(userId: number): Promise<void> {
    expect((await readWallet(db, userId)).balanceFen).toBe(await ledgerSum(db, userId));
    expect((await runLedgerCheck(db, new Date())).holds).toBe(true);
  }

  const later = (at: Date, ms: number): Date => new Date(at.getTime() + ms);

  it.skipIf(skip)('success: one signed transfer with the bound account and the real name; done, out of frozen_fen, the user told', async () => {
    const userId = await payee(10_000);
    const { no, due } = await withdrawal(userId, 5_000);

    // Not due yet: nothing is claimed or sent.
    await sweepPayouts(db, new Date());
    expect((await state(no)).withdrawal.status).toBe('pending');
    expect(fake.callsOf(no)).toEqual([]);

    const sweep = await sweepPayouts(db, due);
    expect(sweep).toMatchObject({ claimed: expect.any(Number), succeeded: expect.any(Number) });
    expect(sweep.succeeded).toBeGreaterThanOrEqual(1);
    const { withdrawal: row, attempt } = await state(no);
    expect(row).toMatchObject({ status: 'done', finishedAt: due });
    expect(attempt).toMatchObject({ state: 'succeeded', outBizNo: no, provider: 'alipay', attempts: 1, finishedAt: due });
    expect(attempt!.providerOrderId).toMatch(/^20261129/);
    expect(fake.transfersOf(no)).toBe(1);
    const [call] = fake.callsOf(no);
    expect(call).toMatchObject({
      method: 'alipay.fund.trans.uni.transfer',
      signed: true,
      biz: { out_biz_no: no, trans_amount: '50.00', product_code: 'TRANS_ACCOUNT_NO_PWD', biz_scene: 'DIRECT_TRANSFER', payee_info: { identity: ACCOUNT, identity_type: 'ALIPAY_LOGON_ID', name: REAL_NAME } },
    });
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 5_000, frozenFen: 0 });
    const paid = await db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'withdrawal_paid')));
    expect(paid).toHaveLength(1);
    await expectBalanced(userId);

    // Swept again: nothing more is sent.
    await sweepPayouts(db, later(due, PAYOUT_SENDING_TIMEOUT_MS * 10));
    expect(fake.callsOf(no)).toHaveLength(1);
  });

  it.skipIf(skip)('failure with a reason: failed, the money back through the ledger (withdraw_fail), the user reads why', async () => {
    const userId = await payee(10_000);
    const { no, due } = await withdrawal(userId, 3_000);
    fake.script(no, { kind: 'fail', subCode: 'PAYEE_USER_INFO_ERROR', subMsg: '支付宝账号和姓名不匹配' });
    await sweepPayouts(db, due);

    const { withdrawal: row, attempt } = await state(no);
    const reason = ALIPAY_PAYOUT_FAIL_REASONS['PAYEE_USER_INFO_ERROR']!;
    expect(row).toMatchObject({ status: 'failed', refuseReason: reason, finishedAt: due });
    expect(attempt).toMatchObject({ state: 'failed', failReason: reason });
    expect(attempt!.lastError).toContain('PAYEE_USER_INFO_ERROR');
    expect(fake.transfersOf(no)).toBe(0);
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 10_000, frozenFen: 0 });
    const ledger = await db.select({ kind: walletLedger.kind, amount: walletLedger.amountFen, ref: walletLedger.refNo }).from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id);
    expect(ledger.slice(1)).toEqual([
      { kind: 'withdraw', amount: -3_000, ref: no },
      { kind: 'withdraw_fail', amount: 3_000, ref: no },
    ]);
    await expectBalanced(userId);

    const [message] = await db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'withdrawal_refused')));
    expect(message).toMatchObject({ title: '提现打款失败' });
    expect(message!.content).toContain(reason);
    const page = await listWithdrawals(db, userId, { page: 1, page_size: 10 });
    expect(page.list[0]).toMatchObject({ withdraw_no: no, status: 'failed', status_text: '打款失败', refuse_reason: reason });

    // Finished: the sweep never sends it again.
    await sweepPayouts(db, later(due, PAYOUT_SENDING_TIMEOUT_MS * 10));
    expect(fake.callsOf(no)).toHaveLength(1);
    await expectBalanced(userId);
  });

  it.skipIf(skip)('a timeout is unknown (paying, not cancellable); the query later finds the success; one transfer', async () => {
    const userId = await payee(10_000);
    const { no, due } = await withdrawal(userId, 2_000);
    fake.script(no, { kind: 'hang_then_succeed', ms: CALL_TIMEOUT_MS * 3 });
    const first = await sweepPayouts(db, due);
    expect(first.unknown).toBeGreaterThanOrEqual(1);
    let now = await state(no);
    expect(now.withdrawal.status).toBe('paying');
    expect(now.attempt).toMatchObject({ state: 'unknown', attempts: 1 });
    expect(now.attempt!.nextQueryAt).toEqual(later(due, PAYOUT_QUERY_BACKOFF_MS));
    await expect(cancelWithdrawal(db, userId, no, due)).rejects.toMatchObject({ httpStatus: 409, message: '该提现已处理，无法取消' } satisfies Partial<AppError>);
    expect((await listWithdrawals(db, userId, { page: 1, page_size: 10 })).list[0]).toMatchObject({ status: 'paying', status_text: '打款中' });
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 8_000, frozenFen: 2_000 });

    await fake.settled();
    expect(fake.transfersOf(no)).toBe(1);
    // Before the back-off nothing is asked.
    await sweepPayouts(db, later(due, PAYOUT_QUERY_BACKOFF_MS - 1_000));
    expect(fake.callsOf(no, 'alipay.fund.trans.common.query')).toHaveLength(0);

    await sweepPayouts(db, later(due, PAYOUT_QUERY_BACKOFF_MS + 1_000));
    now = await state(no);
    expect(now.withdrawal.status).toBe('done');
    expect(now.attempt).toMatchObject({ state: 'succeeded', attempts: 1, queries: 1 });
    expect(fake.callsOf(no, 'alipay.fund.trans.common.query')).toHaveLength(1);
    expect(fake.callsOf(no, 'alipay.fund.trans.uni.transfer')).toHaveLength(1);
    expect(fake.transfersOf(no)).toBe(1);
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 8_000, frozenFen: 0 });
    await expectBalanced(userId);
  });

  it.skipIf(skip)('the same out_biz_no sent again is answered, not paid twice: a lost answer, a query that does not see it yet, a resend', async () => {
    const userId = await payee(10_000);
    const { no, due } = await withdrawal(userId, 1_500);
    fake.mute(no, true);
    fake.queryBlind(no, true);
    await sweepPayouts(db, due);
    expect((await state(no)).attempt).toMatchObject({ state: 'unknown', attempts: 1 });
    expect(fake.transfersOf(no)).toBe(1);
    const lost = fake.callsOf(no, 'alipay.fund.trans.uni.transfer').length;
    fake.mute(no, false);

    // Not found, but sent too recently to tell: asked again later, nothing resent.
    await sweepPayouts(db, later(due, PAYOUT_QUERY_BACKOFF_MS + 1_000));
    expect((await state(no)).attempt).toMatchObject({ state: 'unknown', attempts: 1, queries: 1 });
    expect(fake.callsOf(no, 'alipay.fund.trans.uni.transfer')).toHaveLength(lost);

    // Not found past the sending timeout: resent with the same out_biz_no, answered with the first result.
    const resendAt = later(due, PAYOUT_SENDING_TIMEOUT_MS + PAYOUT_QUERY_BACKOFF_MS * 4);
    await sweepPayouts(db, resendAt);
    const { withdrawal: row, attempt } = await state(no);
    expect(row.status).toBe('done');
    expect(attempt).toMatchObject({ state: 'succeeded', attempts: 2, outBizNo: no });
    const transfers = fake.callsOf(no, 'alipay.fund.trans.uni.transfer');
    expect(transfers).toHaveLength(lost + 1);
    expect(new Set(transfers.map((call) => call.biz['out_biz_no']))).toEqual(new Set([no]));
    expect(fake.transfersOf(no)).toBe(1);
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 8_500, frozenFen: 0 });
    fake.queryBlind(no, false);
    await expectBalanced(userId);
  });

  it.skipIf(skip)('a crash between sending and recording leaves the attempt sending; past the timeout the recovery queries and finishes it', async () => {
    const userId = await payee(10_000);
    const { no, due } = await withdrawal(userId, 1_000);
    // The process "dies" right after Alipay took the transfer: nothing is recorded.
    setPayoutProvider({
      provider: 'alipay',
      async transfer(request) {
        await live.transfer(request);
        throw new Error('process killed');
      },
      query: (outBizNo) => live.query(outBizNo),
    });
    await sweepPayouts(db, due);
    setPayoutProvider(live);
    expect((await state(no)).withdrawal.status).toBe('paying');
    expect((await state(no)).attempt).toMatchObject({ state: 'sending', attempts: 1, sentAt: due });
    expect(fake.transfersOf(no)).toBe(1);

    // Within the sending timeout the attempt is left alone.
    await sweepPayouts(db, later(due, PAYOUT_SENDING_TIMEOUT_MS - 1_000));
    expect((await state(no)).attempt!.state).toBe('sending');
    expect(fake.callsOf(no, 'alipay.fund.trans.common.query')).toHaveLength(0);

    await sweepPayouts(db, later(due, PAYOUT_SENDING_TIMEOUT_MS + 1_000));
    expect((await state(no)).withdrawal.status).toBe('done');
    expect((await state(no)).attempt).toMatchObject({ state: 'succeeded', attempts: 1 });
    expect(fake.callsOf(no, 'alipay.fund.trans.uni.transfer')).toHaveLength(1);
    expect(fake.transfersOf(no)).toBe(1);
    await expectBalanced(userId);
  });

  it.skipIf(skip)('a crash after the claim but before the send: the recovery finds nothing at Alipay and sends it, once', async () => {
    const userId = await payee(10_000);
    const { no, due } = await withdrawal(userId, 1_200);
    setPayoutProvider({
      provider: 'alipay',
      async transfer() {
        throw new Error('process killed before the request left');
      },
      query: (outBizNo) => live.query(outBizNo),
    });
    await sweepPayouts(db, due);
    setPayoutProvider(live);
    expect((await state(no)).attempt).toMatchObject({ state: 'sending', attempts: 1 });
    expect(fake.callsOf(no)).toHaveLength(0);

    await sweepPayouts(db, later(due, PAYOUT_SENDING_TIMEOUT_MS + 1_000));
    expect((await state(no)).withdrawal.status).toBe('done');
    expect((await state(no)).attempt).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect(fake.callsOf(no).map((call) => call.method)).toEqual(['alipay.fund.trans.common.query', 'alipay.fund.trans.uni.transfer']);
    expect(fake.transfersOf(no)).toBe(1);
    await expectBalanced(userId);
  });

  it.skipIf(skip)('two sweeps racing: each withdrawal is claimed and sent once', async () => {
    const userId = await payee(100_000);
    const made = [await withdrawal(userId, 1_000), await withdrawal(userId, 1_100), await withdrawal(userId, 1_300)];
    const due = made.at(-1)!.due;
    await Promise.all([sweepPayouts(db, due), sweepPayouts(db, due), sweepPayouts(db, due)]);
    for (const { no } of made) {
      expect((await state(no)).withdrawal.status).toBe('done');
      expect(fake.callsOf(no)).toHaveLength(1);
      expect(fake.transfersOf(no)).toBe(1);
    }
    const rows = await db.select().from(payoutAttempts).where(eq(payoutAttempts.provider, 'alipay'));
    expect(rows.filter((row) => made.some(({ no }) => no === row.withdrawNo))).toHaveLength(3);
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 100_000 - 3_400, frozenFen: 0 });
    await expectBalanced(userId);
  });

  it.skipIf(skip)('a cancel racing the claim: exactly one wins; a cancelled one is never sent, a claimed one cannot be cancelled', async () => {
    for (let round = 0; round < 3; round += 1) {
      const userId = await payee(10_000);
      const { no, due } = await withdrawal(userId, 2_500);
      const [cancelled] = await Promise.allSettled([cancelWithdrawal(db, userId, no, due), sweepPayouts(db, due)]);
      const { withdrawal: row } = await state(no);
      if (cancelled.status === 'fulfilled') {
        expect(row.status).toBe('cancelled');
        expect(fake.callsOf(no)).toHaveLength(0);
        expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 10_000, frozenFen: 0 });
      } else {
        expect(cancelled.reason).toMatchObject({ httpStatus: 409 });
        expect(row.status).toBe('done');
        expect(fake.transfersOf(no)).toBe(1);
        expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 7_500, frozenFen: 0 });
      }
      await expectBalanced(userId);
    }
  });

  it.skipIf(skip)('SYSTEM_ERROR and forged answers are unknown, never failed; DEALING then FAIL at the query pays the money back', async () => {
    const userId = await payee(20_000);
    const busy = await withdrawal(userId, 1_000);
    fake.script(busy.no, { kind: 'system_error' });
    await sweepPayouts(db, busy.due);
    expect((await state(busy.no)).attempt).toMatchObject({ state: 'unknown' });
    expect((await state(busy.no)).attempt!.lastError).toContain('SYSTEM_ERROR');
    expect((await state(busy.no)).withdrawal.status).toBe('paying');
    // Alipay has nothing under that number; past the timeout it is sent again, and now it goes through.
    await sweepPayouts(db, later(busy.due, PAYOUT_SENDING_TIMEOUT_MS + PAYOUT_QUERY_BACKOFF_MS));
    expect((await state(busy.no)).withdrawal.status).toBe('done');
    expect(fake.transfersOf(busy.no)).toBe(1);

    const forged = await withdrawal(userId, 1_000);
    fake.forgeAnswers = true;
    await sweepPayouts(db, forged.due);
    fake.forgeAnswers = false;
    expect((await state(forged.no)).attempt).toMatchObject({ state: 'unknown' });
    expect((await state(forged.no)).attempt!.lastError).toContain('验签失败');
    // The forged answer hid a real success: the query (genuine now) finds it.
    await sweepPayouts(db, later(forged.due, PAYOUT_QUERY_BACKOFF_MS + 1_000));
    expect((await state(forged.no)).withdrawal.status).toBe('done');
    expect(fake.transfersOf(forged.no)).toBe(1);

    const dealing = await withdrawal(userId, 1_000);
    fake.script(dealing.no, { kind: 'dealing' });
    await sweepPayouts(db, dealing.due);
    expect((await state(dealing.no)).attempt).toMatchObject({ state: 'unknown' });
    fake.settle(dealing.no, { status: 'FAIL', errorCode: 'PAYEE_ACCOUNT_STATUS_ERROR', failReason: '收款方账户异常' });
    await sweepPayouts(db, later(dealing.due, PAYOUT_QUERY_BACKOFF_MS + 1_000));
    expect((await state(dealing.no)).withdrawal).toMatchObject({ status: 'failed', refuseReason: ALIPAY_PAYOUT_FAIL_REASONS['PAYEE_ACCOUNT_STATUS_ERROR'] });
    expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 20_000 - 2_000, frozenFen: 0 });
    await expectBalanced(userId);
  });
});
