/**
 * Issue 15 "Withdrawals: review, mark paid or refused with a reason" and the finance reports,
 * through the console's calls on PGlite and PostgreSQL: a withdrawal above the threshold (setting
 * withdrawal.review) waits 审核中 with its money frozen and the sandbox payout leaves it alone; paid
 * by an operator it leaves frozen_fen; refused, its amount returns to the balance exactly once
 * (ledger withdraw_refuse) and the user reads the reason in the message and the list. Two
 * decisions at once leave one; a decision on a decided, cancelled or unknown withdrawal is 409/404;
 * every decision writes one audit row with before and after; bad input writes nothing. The daily
 * report, ledger search and ledger check answer what was written.
 */
import type { APIRoute } from 'astro';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page, Withdrawal } from '~/features/wallet/contract/money';
import {
  MSG_OPS_WITHDRAWAL_DECIDED,
  MSG_OPS_WITHDRAWAL_PAY_PENDING,
  type OpsFinanceDailyPage,
  type OpsLedgerCheckView,
  type OpsLedgerPage,
  type OpsWithdrawalView,
  type OpsWithdrawalsPage,
} from '~/features/console/contract/ops-finance';
import { formatShanghaiDate } from '~/platform/rules/shanghai-time';
import type { Db } from '~/platform/db/client';
import { authTokens, notifications, opsAuditLog, payoutAttempts, users, walletLedger, wallets, withdrawals } from '~/platform/db/schema';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { writeSetting } from '~/features/content/server/site-settings';
import { hashToken, issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { changeBalance } from '~/features/wallet/server/wallet';
import { MSG_PAYOUT_UNAVAILABLE, sweepPayouts } from '~/features/wallet/server/payouts';
import { setPayoutProvider } from '~/platform/providers/payout';
import { MSG_APPROVAL_FAILED } from '~/features/console/contract/ops-approvals';
import { POST as bindAlipayRoute } from '~/pages/api/v1/account/alipayAccount';
import { POST as withdrawRoute } from '~/pages/api/v1/account/withdraw';
import { GET as withdrawListRoute } from '~/pages/api/v1/account/withdrawList';
import { POST as withdrawCancelRoute } from '~/pages/api/v1/account/withdrawCancel';
import { GET as opsWithdrawalsRoute } from '~/pages/api/v1/ops/withdrawals/index';
import { POST as decideRoute } from '~/pages/api/v1/ops/withdrawals/decide';
import { POST as approveRoute } from '~/pages/api/v1/ops/approvals/approve';
import type { OpsApprovalView } from '~/features/console/contract/ops-approvals';
import { GET as dailyRoute } from '~/pages/api/v1/ops/finance/daily';
import { GET as ledgerRoute } from '~/pages/api/v1/ops/finance/ledger';
import { GET as ledgerCheckRoute } from '~/pages/api/v1/ops/finance/ledger-check';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, routeResponse, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const REAL_NAME = '王财务';
const DAY_MS = 86_400_000;

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`console withdrawal review and finance reports (${label})`, () => {
    let db: Db;
    let serial = 0;
    let financeCookie = '';
    let otherFinanceCookie = '';
    let serviceCookie = '';

    useSuiteDatabase({ driver, skip }, async (opened) => {
      db = opened;
      const now = new Date();
      const cw = await createOperator(db, { username: `cwtest${driver.slice(0, 2)}`, password: 'ops_test_pass_1', role: 'finance', displayName: '测试财务' }, now);
      financeCookie = (await openOperatorSession(db, cw.id, now)).cookie;
      const cw2 = await createOperator(db, { username: `cwtwo${driver.slice(0, 2)}`, password: 'ops_test_pass_2', role: 'finance', displayName: '测试财务二' }, now);
      otherFinanceCookie = (await openOperatorSession(db, cw2.id, now)).cookie;
      const kf = await createOperator(db, { username: `kftest${driver.slice(0, 2)}`, password: 'ops_test_pass_3', role: 'service', displayName: '测试客服' }, now);
      serviceCookie = (await openOperatorSession(db, kf.id, now)).cookie;
    });

    async function bearer(userId: number): Promise<string> {
      return `Bearer ${(await issueToken(db, userId, { now: new Date() })).token}`;
    }

    /** A session that has just proved the user (POST account/verifyIdentity): a payout account needs it (reauth.test.ts). */
    async function verifiedBearer(userId: number): Promise<string> {
      const { token } = await issueToken(db, userId, { now: new Date() });
      await db.update(authTokens).set({ identityVerifiedAt: new Date() }).where(eq(authTokens.tokenHash, hashToken(token)));
      return `Bearer ${token}`;
    }

    const userPost = async <T,>(route: APIRoute, path: string, userId: number, body: unknown): Promise<CallResult<T>> =>
      callRoute<T>(route, `/api/v1${path}`, { method: 'POST', body, authorization: await bearer(userId) });
    const opsGet = <T,>(route: APIRoute, path: string, cookie = financeCookie): Promise<CallResult<T>> => callRoute<T>(route, `/api/v1/ops${path}`, { cookie });
    const opsPost = <T,>(route: APIRoute, path: string, body: unknown, cookie = financeCookie): Promise<CallResult<T>> =>
      callRoute<T>(route, `/api/v1/ops${path}`, { method: 'POST', cookie, body });
    const decide = (body: unknown, cookie = financeCookie) => opsPost<OpsWithdrawalView>(decideRoute, '/withdrawals/decide', body, cookie);
    const approve = (id: number, cookie = otherFinanceCookie) => opsPost<OpsApprovalView>(approveRoute, '/approvals/approve', { id }, cookie);

    /** 打款 is maker-checker: one finance operator asks, the other approves and the payout runs. */
    async function payWithApproval(withdrawNo: string): Promise<OpsWithdrawalView> {
      const asked = expectOk(await decide({ withdraw_no: withdrawNo, decision: 'pay' }));
      expect(asked).toMatchObject({ status: 'review', approval_id: expect.any(Number) });
      const approved = expectOk(await approve(asked.approval_id!));
      expect(approved.status).toBe('executed');
      // Sent after the approval's COMMIT (the sandbox pays at once); the answer says where it stands.
      expect(approved.result_text).toBe('提现已到账');
      const page = expectOk(await opsGet<OpsWithdrawalsPage>(opsWithdrawalsRoute, `/withdrawals?state=all&q=${withdrawNo}`));
      return page.list[0]!;
    }

    /** A verified user with a bound Alipay account and `balanceFen` to withdraw. */
    async function withdrawer(balanceFen: number): Promise<{ userId: number; username: string }> {
      const username = `fin${driver.slice(0, 2)}${(serial += 1)}`;
      const userId = (await db.transaction((tx) => createUser(tx, { username, nickname: '财务测试', mobile: `1370000${String(serial).padStart(4, '0')}` }, new Date())))!;
      await db.update(users).set({ isRealName: true, realName: REAL_NAME }).where(eq(users.id, userId));
      expectOk(await callRoute(bindAlipayRoute, '/api/v1/account/alipayAccount', { method: 'POST', body: { account: '13800000001', real_name: REAL_NAME }, authorization: await verifiedBearer(userId) }));
      await db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen: balanceFen, refNo: `fin-credit-${serial}` }));
      return { userId, username };
    }

    const withdraw = (userId: number, amount: string) => userPost<Withdrawal>(withdrawRoute, '/account/withdraw', userId, { amount });

    async function wallet(userId: number) {
      const [row] = await db.select({ balance: wallets.balanceFen, frozen: wallets.frozenFen }).from(wallets).where(eq(wallets.userId, userId));
      return row!;
    }

    async function auditOf(withdrawNo: string) {
      return db
        .select()
        .from(opsAuditLog)
        .where(and(eq(opsAuditLog.targetType, 'withdrawal'), eq(opsAuditLog.targetId, withdrawNo)))
        .orderBy(opsAuditLog.id);
    }

    it('above the threshold a withdrawal waits 审核中 (frozen, not paid by the sandbox payout); at or below it goes to the payout', async () => {
      const { userId, username } = await withdrawer(50_000);
      const small = expectOk(await withdraw(userId, '100'));
      expect(small).toMatchObject({ status: 'pending', status_text: '处理中', refuse_reason: null });
      const big = expectOk(await withdraw(userId, '100.01'));
      expect(big).toMatchObject({ status: 'review', status_text: '审核中', amount_fen: 10_001 });
      expect(await wallet(userId)).toEqual({ balance: 50_000 - 10_000 - 10_001, frozen: 20_001 });

      // Long after, the payout sweep (sandbox provider) pays the small one only.
      await sweepPayouts(db, new Date(Date.now() + DAY_MS));
      const stored = await db.select({ no: withdrawals.withdrawNo, status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.userId, userId));
      expect(Object.fromEntries(stored.map((row) => [row.no, row.status]))).toEqual({ [small.withdraw_no]: 'done', [big.withdraw_no]: 'review' });
      expect(await wallet(userId)).toMatchObject({ frozen: 10_001 });

      const queue = expectOk(await opsGet<OpsWithdrawalsPage>(opsWithdrawalsRoute, `/withdrawals?q=${username}`));
      expect(queue.list.map((row) => row.withdraw_no)).toEqual([big.withdraw_no]);
      expect(queue.list[0]).toMatchObject({ username, real_name: REAL_NAME, status: 'review', amount: '100.01', account_masked: '138****0001' });
      expect(queue.review_total).toBeGreaterThanOrEqual(1);
      const all = expectOk(await opsGet<OpsWithdrawalsPage>(opsWithdrawalsRoute, `/withdrawals?state=all&q=${username}`));
      expect(all.list.map((row) => row.withdraw_no)).toEqual([big.withdraw_no, small.withdraw_no]);
      // By phone (part of it) too.
      const byPhone = expectOk(await opsGet<OpsWithdrawalsPage>(opsWithdrawalsRoute, `/withdrawals?state=all&q=${`1370000${String(serial).padStart(4, '0')}`.slice(3)}`));
      expect(byPhone.list.map((row) => row.user_id)).toEqual([userId, userId]);
    });

    it('review off, or a raised threshold, sends every withdrawal to the payout', async () => {
      const { userId } = await withdrawer(200_000);
      await writeSetting(db, 'withdrawal.review', { enabled: false, above_fen: 10_000 });
      try {
        expect(expectOk(await withdraw(userId, '500')).status).toBe('pending');
        await writeSetting(db, 'withdrawal.review', { enabled: true, above_fen: 60_000 });
        expect(expectOk(await withdraw(userId, '600')).status).toBe('pending');
        expect(expectOk(await withdraw(userId, '600.01')).status).toBe('review');
      } finally {
        await writeSetting(db, 'withdrawal.review', { enabled: true, above_fen: 10_000 });
      }
    });

    it('paid once a second operator approves: claimed, sent after commit, done, out of frozen_fen, no ledger row, the user told; audited with before and after; a second decision is 409', async () => {
      const { userId } = await withdrawer(30_000);
      const big = expectOk(await withdraw(userId, '200'));
      const paid = await payWithApproval(big.withdraw_no);
      expect(paid).toMatchObject({ status: 'done', status_text: '已到账', reviewed_by: `cwtwo${driver.slice(0, 2)}`, refuse_reason: null, approval_id: null });
      expect(paid.finished_at).not.toBeNull();
      expect(await wallet(userId)).toEqual({ balance: 10_000, frozen: 0 });
      const kinds = (await db.select({ kind: walletLedger.kind }).from(walletLedger).where(eq(walletLedger.userId, userId))).map((row) => row.kind);
      expect(kinds).toEqual(['demo_credit', 'withdraw']);
      const messages = await db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'withdrawal_paid')));
      expect(messages).toHaveLength(1);

      const audit = await auditOf(big.withdraw_no);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'withdrawal.pay', reason: null });
      expect(audit[0]!.before).toMatchObject({ status: 'review', amount_fen: 20_000 });
      // The approval claims it for payout (paying); the transfer is sent after its COMMIT.
      expect(audit[0]!.after).toMatchObject({ status: 'paying', amount_fen: 20_000 });

      expectError(await decide({ withdraw_no: big.withdraw_no, decision: 'refuse', reason: '晚了' }), 409, MSG_OPS_WITHDRAWAL_DECIDED);
      expect(await wallet(userId)).toEqual({ balance: 10_000, frozen: 0 });
      expect(await auditOf(big.withdraw_no)).toHaveLength(1);
    });

    it('with no payout provider (production without a live one) the approved 打款 fails with nothing written; the withdrawal stays under review', async () => {
      const { userId } = await withdrawer(30_000);
      const big = expectOk(await withdraw(userId, '200'));
      const asked = expectOk(await decide({ withdraw_no: big.withdraw_no, decision: 'pay' }));
      setPayoutProvider(null);
      try {
        expectError(await approve(asked.approval_id!), 409, MSG_APPROVAL_FAILED(MSG_PAYOUT_UNAVAILABLE));
      } finally {
        setPayoutProvider(undefined);
      }
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.withdrawNo, big.withdraw_no));
      expect(row).toMatchObject({ status: 'review', reviewedBy: null });
      expect(await db.select().from(payoutAttempts).where(eq(payoutAttempts.withdrawNo, big.withdraw_no))).toEqual([]);
      expect(await wallet(userId)).toEqual({ balance: 10_000, frozen: 20_000 });
    });

    it('refused with a reason: the amount returns to the balance exactly once, the user reads the reason in the message and the list', async () => {
      const { userId } = await withdrawer(30_000);
      const big = expectOk(await withdraw(userId, '150.50'));
      const refused = expectOk(await decide({ withdraw_no: big.withdraw_no, decision: 'refuse', reason: '  收款账户\n异常  ' }));
      expect(refused).toMatchObject({ status: 'refused', status_text: '已拒绝', refuse_reason: '收款账户 异常' });
      expect(await wallet(userId)).toEqual({ balance: 30_000, frozen: 0 });
      const ledger = await db.select({ kind: walletLedger.kind, amount: walletLedger.amountFen, ref: walletLedger.refNo }).from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id);
      expect(ledger.slice(1)).toEqual([
        { kind: 'withdraw', amount: -15_050, ref: big.withdraw_no },
        { kind: 'withdraw_refuse', amount: 15_050, ref: big.withdraw_no },
      ]);

      // Again (refuse or pay), or the user's cancel: nothing more moves.
      expectError(await decide({ withdraw_no: big.withdraw_no, decision: 'refuse', reason: '再次拒绝' }), 409, MSG_OPS_WITHDRAWAL_DECIDED);
      expectError(await decide({ withdraw_no: big.withdraw_no, decision: 'pay' }), 409, MSG_OPS_WITHDRAWAL_DECIDED);
      expectError(await userPost(withdrawCancelRoute, '/account/withdrawCancel', userId, { withdraw_no: big.withdraw_no }), 409, '该提现已处理，无法取消');
      expect(await wallet(userId)).toEqual({ balance: 30_000, frozen: 0 });
      expect(await db.select().from(walletLedger).where(eq(walletLedger.userId, userId))).toHaveLength(3);

      const [message] = await db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'withdrawal_refused')));
      expect(message!.content).toContain('原因：收款账户 异常');
      const list = expectOk(await callRoute<Page<Withdrawal>>(withdrawListRoute, '/api/v1/account/withdrawList', { authorization: await bearer(userId) }));
      expect(list.list[0]).toMatchObject({ withdraw_no: big.withdraw_no, status: 'refused', refuse_reason: '收款账户 异常' });

      const audit = await auditOf(big.withdraw_no);
      expect(audit.map((row) => [row.action, row.reason])).toEqual([['withdrawal.refuse', '收款账户 异常']]);
      expect(audit[0]!.after).toMatchObject({ status: 'refused', refuse_reason: '收款账户 异常' });
    });

    it('the user may cancel while under review; the operator then gets 409', async () => {
      const { userId } = await withdrawer(30_000);
      const big = expectOk(await withdraw(userId, '120'));
      expect(expectOk(await userPost<Withdrawal>(withdrawCancelRoute, '/account/withdrawCancel', userId, { withdraw_no: big.withdraw_no })).status).toBe('cancelled');
      expectError(await decide({ withdraw_no: big.withdraw_no, decision: 'pay' }), 409, MSG_OPS_WITHDRAWAL_DECIDED);
      expect(await wallet(userId)).toEqual({ balance: 30_000, frozen: 0 });
      expect(await auditOf(big.withdraw_no)).toHaveLength(0);
    });

    it('two operators deciding at once (a pay request against refuse, refuse against refuse): exactly one wins, money moves once, one audit row', async () => {
      for (let round = 0; round < 4; round += 1) {
        const { userId } = await withdrawer(50_000);
        const big = expectOk(await withdraw(userId, '300'));
        const second = round % 2 === 0 ? { decision: 'pay' } : { decision: 'refuse', reason: '并发拒绝二' };
        const answers = await Promise.all([
          decide({ withdraw_no: big.withdraw_no, decision: 'refuse', reason: '并发拒绝一' }),
          decide({ withdraw_no: big.withdraw_no, ...second }, otherFinanceCookie),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        let won = answers.find((answer) => answer.status === 200)!.body.data!;
        if (won.status === 'review') {
          // The pay request came first: the refusal waited for it and was turned away; the other operator approves.
          expect(answers.find((answer) => answer.status === 409)!.body.msg).toBe(MSG_OPS_WITHDRAWAL_PAY_PENDING);
          expectOk(await approve(won.approval_id!, financeCookie));
          won = { ...won, status: 'done' };
        }
        const expected = won.status === 'done' ? { balance: 20_000, frozen: 0 } : { balance: 50_000, frozen: 0 };
        expect(await wallet(userId)).toEqual(expected);
        const refunds = await db.select().from(walletLedger).where(and(eq(walletLedger.userId, userId), eq(walletLedger.kind, 'withdraw_refuse')));
        expect(refunds).toHaveLength(won.status === 'refused' ? 1 : 0);
        expect(await auditOf(big.withdraw_no)).toHaveLength(1);
      }
    });

    it('bad input: unknown number 404, wrong shapes 400, a blank or NUL reason 400, another role 403; nothing written', async () => {
      const { userId } = await withdrawer(30_000);
      const big = expectOk(await withdraw(userId, '110'));
      expectError(await decide({ withdraw_no: 'W000000000000000000000', decision: 'pay' }), 404, '提现记录不存在');
      for (const body of [
        {},
        { withdraw_no: big.withdraw_no },
        { withdraw_no: big.withdraw_no, decision: 'approve' },
        { withdraw_no: big.withdraw_no, decision: 'refuse' },
        { withdraw_no: big.withdraw_no, decision: 'refuse', reason: '   ' },
        { withdraw_no: big.withdraw_no, decision: 'refuse', reason: '原因\u0000' },
        { withdraw_no: big.withdraw_no, decision: 'refuse', reason: '长'.repeat(201) },
        { withdraw_no: 12345, decision: 'pay' },
        { withdraw_no: 'W'.repeat(33), decision: 'pay' },
        [],
      ]) {
        const answer = await decide(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
      }
      expectError(await decide({ withdraw_no: big.withdraw_no, decision: 'pay' }, serviceCookie), 403, '无权进行此操作');
      expect((await opsGet(opsWithdrawalsRoute, '/withdrawals?state=nope')).status).toBe(400);
      expect((await opsGet(opsWithdrawalsRoute, '/withdrawals?from=2026-02-30')).status).toBe(400);
      expect((await opsGet(opsWithdrawalsRoute, '/withdrawals?from=2026-03-02&to=2026-03-01')).status).toBe(400);
      expect((await opsGet(opsWithdrawalsRoute, '/withdrawals?page=0')).status).toBe(400);
      const [row] = await db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.withdrawNo, big.withdraw_no));
      expect(row!.status).toBe('review');
      expect(await auditOf(big.withdraw_no)).toHaveLength(0);
      expect(await wallet(userId)).toEqual({ balance: 19_000, frozen: 11_000 });
    });

    it('the daily report counts withdrawals paid and refunds by day, pages the days, exports CSV, and refuses bad ranges', async () => {
      const today = formatShanghaiDate(new Date());
      const before = expectOk(await opsGet<OpsFinanceDailyPage>(dailyRoute, `/finance/daily?from=${today}&to=${today}`));
      const { userId } = await withdrawer(60_000);
      const big = expectOk(await withdraw(userId, '250'));
      await payWithApproval(big.withdraw_no);
      const after = expectOk(await opsGet<OpsFinanceDailyPage>(dailyRoute, `/finance/daily?from=${today}&to=${today}`));
      expect(after.list).toHaveLength(1);
      expect(after.list[0]!.day).toBe(today);
      expect(after.list[0]!.withdrawals_paid - before.list[0]!.withdrawals_paid).toBe(1);
      expect(after.list[0]!.withdrawals_paid_fen - before.list[0]!.withdrawals_paid_fen).toBe(25_000);
      expect(after.totals.withdrawals_paid_fen).toBe(after.list[0]!.withdrawals_paid_fen);

      // The default range is the last 30 days, newest first, 20 a page.
      const paged = expectOk(await opsGet<OpsFinanceDailyPage>(dailyRoute, '/finance/daily?page=2'));
      expect(paged).toMatchObject({ total: 30, page: 2, to: today });
      expect(paged.list).toHaveLength(10);
      expect(paged.totals.withdrawals_paid_fen).toBe(after.totals.withdrawals_paid_fen);

      const csv = await routeResponse(dailyRoute, `/api/v1/ops/finance/daily?format=csv&from=${today}&to=${today}`, { cookie: financeCookie });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const text = await csv.text();
      expect(text.split('\r\n')[0]).toContain('日期,租号订单数');
      expect(text).toContain(`${today},`);
      expect(text).toContain('合计,');

      expectError(await opsGet(dailyRoute, '/finance/daily?from=2025-01-01&to=2026-06-01'), 400, '日期范围不能超过366天');
      expect((await opsGet(dailyRoute, '/finance/daily?from=2026-13-01')).status).toBe(400);
      expect((await opsGet(dailyRoute, '/finance/daily?from=2026-03-02&to=2026-03-01')).status).toBe(400);
      expect((await opsGet(dailyRoute, '/finance/daily', serviceCookie)).status).toBe(403);
      expectError(await opsGet(dailyRoute, '/finance/daily?format=xls'), 400, /格式无效/);
      // A bad range with format=csv is the JSON envelope too, not a half file.
      expectError(await opsGet(dailyRoute, '/finance/daily?format=csv&from=2025-01-01&to=2026-06-01'), 400, '日期范围不能超过366天');
    });

    it('the ledger search finds a user’s rows by username, kind and day; the ledger check holds', async () => {
      const { userId, username } = await withdrawer(40_000);
      const big = expectOk(await withdraw(userId, '120'));
      expectOk(await decide({ withdraw_no: big.withdraw_no, decision: 'refuse', reason: '测试拒绝' }));
      const mine = expectOk(await opsGet<OpsLedgerPage>(ledgerRoute, `/finance/ledger?user=${username}`));
      expect(mine.list.map((row) => [row.kind, row.amount_fen])).toEqual([
        ['withdraw_refuse', 12_000],
        ['withdraw', -12_000],
        ['demo_credit', 40_000],
      ]);
      expect(mine.list[0]).toMatchObject({ kind_text: '提现未通过退回', username, ref_no: big.withdraw_no, balance_after_fen: 40_000 });
      const byId = expectOk(await opsGet<OpsLedgerPage>(ledgerRoute, `/finance/ledger?user=${userId}&kind=withdraw`));
      expect(byId.list.map((row) => row.ref_no)).toEqual([big.withdraw_no]);
      const today = formatShanghaiDate(new Date());
      expect(expectOk(await opsGet<OpsLedgerPage>(ledgerRoute, `/finance/ledger?user=${username}&from=${today}&to=${today}`)).total).toBe(3);
      expect(expectOk(await opsGet<OpsLedgerPage>(ledgerRoute, `/finance/ledger?user=${username}&to=2020-01-01`)).total).toBe(0);
      expect(expectOk(await opsGet<OpsLedgerPage>(ledgerRoute, '/finance/ledger?user=nobody_here')).total).toBe(0);
      expect((await opsGet(ledgerRoute, '/finance/ledger?kind=steal')).status).toBe(400);
      expect((await opsGet(ledgerRoute, `/finance/ledger?user=${encodeURIComponent('a\u0000b')}`)).status).toBe(400);

      const check = expectOk(await opsGet<OpsLedgerCheckView>(ledgerCheckRoute, '/finance/ledger-check'));
      expect(check.holds).toBe(true);
      expect(check.lines.some((line) => line.bad)).toBe(false);
      expect(check.lines[0]).toMatchObject({ label: '已支付租号订单', unit: 'count' });
    });
  });
}
