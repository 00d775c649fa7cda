/**
 * Issue 25 "Two people for big money" through the console's calls, on PGlite and PostgreSQL: a
 * wallet credit at or below the threshold runs at once; above it the credit waits as a request that
 * its maker can neither approve nor reject, that another finance operator approves (the credit then
 * runs once, even when two approve at the same moment), rejects, or that the maker cancels. Every
 * operator's credits (made, requested, approved) stay under the daily cap of the Shanghai day. The
 * payout of a reviewed withdrawal and a change of the withdrawal review wait the same way. Each
 * step leaves its audit row; the table refuses a request decided by its own maker.
 */
import type { APIRoute } from 'astro';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '~/platform/wire/common';
import type { Withdrawal } from '~/features/wallet/contract/money';
import {
  MSG_APPROVAL_ALREADY_PENDING,
  MSG_APPROVAL_DECIDED,
  MSG_APPROVAL_FAILED,
  MSG_APPROVAL_NOT_MINE,
  MSG_APPROVAL_OWN,
  MSG_CREDIT_DAILY_CAP,
  type OpsApprovalTicket,
  type OpsApprovalView,
} from '~/features/console/contract/ops-approvals';
import { MSG_OPS_WITHDRAWAL_DECIDED, MSG_OPS_WITHDRAWAL_PAY_PENDING, type OpsWithdrawalView } from '~/features/console/contract/ops-finance';
import type { OpsWalletAdjustResult } from '~/features/console/contract/ops-users';
import { OPS_CREDIT_APPROVAL_ABOVE_FEN, OPS_CREDIT_DAILY_CAP_FEN } from '~/features/console/constants';
import { MSG_OPS_FORBIDDEN } from '~/features/console/contract/ops';
import { fenToYuan } from '~/platform/rules/money';
import type { Db } from '~/platform/db/client';
import { authTokens, opsApprovals, opsAuditLog, users, walletLedger } from '~/platform/db/schema';
import { createOperator, openOperatorSession, type OperatorActor } from '~/features/console/server/operators';
import { approveRequest } from '~/features/console/server/approvals';
import { readSetting } from '~/features/content/server/site-settings';
import { createUser } from '~/features/account/server/users';
import { hashToken, issueToken } from '~/features/sign-in/server/tokens';
import { changeBalance, readWallet } from '~/features/wallet/server/wallet';
import { POST as adjustRoute } from '~/pages/api/v1/ops/users/wallet-adjust';
import { GET as approvalsRoute } from '~/pages/api/v1/ops/approvals/index';
import { POST as approveRoute } from '~/pages/api/v1/ops/approvals/approve';
import { POST as rejectRoute } from '~/pages/api/v1/ops/approvals/reject';
import { POST as cancelRoute } from '~/pages/api/v1/ops/approvals/cancel';
import { POST as withdrawReviewRoute } from '~/pages/api/v1/ops/settings/withdraw-review';
import { POST as decideRoute } from '~/pages/api/v1/ops/withdrawals/decide';
import { POST as bindAlipayRoute } from '~/pages/api/v1/account/alipayAccount';
import { POST as withdrawRoute } from '~/pages/api/v1/account/withdraw';
import { POST as withdrawCancelRoute } from '~/pages/api/v1/account/withdrawCancel';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const DAY_MS = 86_400_000;
const BIG_YUAN = '5000.00';
const BIG_FEN = 500_000;

interface Operator {
  id: number;
  cookie: string;
  actor: OperatorActor;
}

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`maker-checker: two people for big money (${label})`, () => {
    let db: Db;
    let serial = 0;
    let service: Operator;

    useSuiteDatabase({ driver, skip }, async (opened) => {
      db = opened;
      service = await operator('service');
    });

    async function operator(role: 'finance' | 'admin' | 'service'): Promise<Operator> {
      const now = new Date();
      const username = `mc${role.slice(0, 2)}${driver.slice(0, 2)}${(serial += 1)}`;
      const created = await createOperator(db, { username, password: 'maker_checker_1', role, displayName: `复核${serial}` }, now);
      const session = await openOperatorSession(db, created.id, now);
      return { id: created.id, cookie: session.cookie, actor: { operatorId: created.id, username, displayName: created.displayName, role, sessionId: session.sessionId, ip: null } };
    }

    async function renter(balanceFen = 0): Promise<number> {
      const username = `mcuser${driver.slice(0, 2)}${(serial += 1)}`;
      const userId = (await db.transaction((tx) => createUser(tx, { username, nickname: '复核测试', mobile: `1360000${String(serial).padStart(4, '0')}` }, new Date())))!;
      if (balanceFen > 0) await db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen: balanceFen, refNo: `mc-credit-${serial}` }));
      return userId;
    }

    const post = <T,>(route: APIRoute, path: string, body: unknown, who: Operator): Promise<CallResult<T>> =>
      callRoute<T>(route, `/api/v1/ops${path}`, { method: 'POST', cookie: who.cookie, body });
    const credit = (userId: number, amount: string, who: Operator, reason = '活动补偿') =>
      post<OpsWalletAdjustResult>(adjustRoute, '/users/wallet-adjust', { user_id: userId, direction: 'credit', amount, reason }, who);
    const approve = (id: number, who: Operator) => post<OpsApprovalView>(approveRoute, '/approvals/approve', { id }, who);
    const reject = (id: number, who: Operator, reason = '金额不符') => post<OpsApprovalView>(rejectRoute, '/approvals/reject', { id, reason }, who);
    const cancel = (id: number, who: Operator) => post<OpsApprovalView>(cancelRoute, '/approvals/cancel', { id }, who);
    const list = (who: Operator, state = 'pending') => callRoute<Page<OpsApprovalView>>(approvalsRoute, `/api/v1/ops/approvals?state=${state}&page_size=100`, { cookie: who.cookie });
    const balance = async (userId: number): Promise<number> => (await readWallet(db, userId)).balanceFen;
    const ledgerOf = (userId: number) => db.select().from(walletLedger).where(and(eq(walletLedger.userId, userId), eq(walletLedger.kind, 'ops_adjust')));
    const auditOfApproval = (id: number) =>
      db.select().from(opsAuditLog).where(and(eq(opsAuditLog.targetType, 'approval'), eq(opsAuditLog.targetId, String(id)))).orderBy(asc(opsAuditLog.id));
    const approvalRow = async (id: number) => (await db.select().from(opsApprovals).where(eq(opsApprovals.id, id)))[0]!;

    /** A big credit requested by `maker`; returns the request's id. */
    async function bigCredit(userId: number, maker: Operator, amount = BIG_YUAN): Promise<number> {
      const answer = expectOk(await credit(userId, amount, maker));
      expect(answer).toMatchObject({ status: 'pending', ref_no: null, balance_fen: null });
      return answer.approval_id!;
    }

    it('a credit at the threshold runs at once: one ledger row, one wallet.adjust audit row, no request', async () => {
      const maker = await operator('finance');
      const userId = await renter();
      const answer = expectOk(await credit(userId, fenToYuan(OPS_CREDIT_APPROVAL_ABOVE_FEN), maker));
      expect(answer).toMatchObject({ status: 'executed', amount_fen: OPS_CREDIT_APPROVAL_ABOVE_FEN, balance_fen: OPS_CREDIT_APPROVAL_ABOVE_FEN, approval_id: null });
      expect(await balance(userId)).toBe(OPS_CREDIT_APPROVAL_ABOVE_FEN);
      expect(await db.select().from(opsApprovals).where(eq(opsApprovals.requestedBy, maker.id))).toHaveLength(0);
      // A debit of any size stays one step: it moves no money out of the platform.
      expect(expectOk(await post<OpsWalletAdjustResult>(adjustRoute, '/users/wallet-adjust', { user_id: userId, direction: 'debit', amount: '1000.00', reason: '扣回' }, maker)).status).toBe('executed');
      expect(await balance(userId)).toBe(0);
    });

    it('above the threshold the credit waits; its maker cannot approve or reject it; another approves and it runs once, audited at each step', async () => {
      const maker = await operator('finance');
      const checker = await operator('finance');
      const userId = await renter();
      const id = await bigCredit(userId, maker);
      expect(await balance(userId)).toBe(0);
      expect(await ledgerOf(userId)).toHaveLength(0);

      const seen = expectOk(await list(checker)).list.find((row) => row.id === id);
      expect(seen).toMatchObject({ kind: 'wallet.credit', status: 'pending', amount_fen: BIG_FEN, reason: '活动补偿', requested_by: maker.actor.username, decided_by: null });
      expect(seen!.summary).toContain('¥5000.00');

      expectError(await approve(id, maker), 403, MSG_APPROVAL_OWN);
      expectError(await reject(id, maker), 403, MSG_APPROVAL_OWN);
      expectError(await approve(id, service), 403, MSG_OPS_FORBIDDEN);
      expectError(await approve(99_999_999, checker), 404, '审批申请不存在');
      expect(await balance(userId)).toBe(0);

      const done = expectOk(await approve(id, checker));
      expect(done).toMatchObject({ status: 'executed', status_text: '已通过并执行', decided_by: checker.actor.username });
      expect(await balance(userId)).toBe(BIG_FEN);
      expectError(await approve(id, checker), 409, MSG_APPROVAL_DECIDED);
      expectError(await reject(id, checker), 409, MSG_APPROVAL_DECIDED);
      expectError(await cancel(id, maker), 409, MSG_APPROVAL_DECIDED);
      expect(await balance(userId)).toBe(BIG_FEN);
      const ledger = await ledgerOf(userId);
      expect(ledger.map((row) => row.amountFen)).toEqual([BIG_FEN]);
      expect((await approvalRow(id)).result).toMatchObject({ ref_no: ledger[0]!.refNo, balance_fen: BIG_FEN });

      const steps = await auditOfApproval(id);
      expect(steps.map((row) => [row.action, row.operatorId])).toEqual([
        ['approval.request', maker.id],
        ['approval.approve', checker.id],
        ['approval.execute', checker.id],
      ]);
      expect(steps[0]).toMatchObject({ reason: '活动补偿', after: { kind: 'wallet.credit', amount_fen: BIG_FEN, status: 'pending' } });
      const [adjust] = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'wallet.adjust'), eq(opsAuditLog.targetId, String(userId))));
      expect(adjust).toMatchObject({ operatorId: checker.id, after: { amount_fen: BIG_FEN, approval_id: id, requested_by: maker.id } });
    });

    it('two approvers at the same moment: the credit runs exactly once', async () => {
      const maker = await operator('finance');
      const checkers = [await operator('finance'), await operator('admin')];
      for (let round = 0; round < 3; round += 1) {
        const userId = await renter();
        const id = await bigCredit(userId, maker, '1500.00');
        const answers = await Promise.all(checkers.map((checker) => approve(id, checker)));
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        expect(await balance(userId)).toBe(150_000);
        expect(await ledgerOf(userId)).toHaveLength(1);
        expect((await auditOfApproval(id)).map((row) => row.action)).toEqual(['approval.request', 'approval.approve', 'approval.execute']);
      }
    });

    it('rejected by another operator with a reason, or cancelled by its maker: nothing moves; only the maker cancels', async () => {
      const maker = await operator('finance');
      const checker = await operator('finance');
      const userId = await renter();
      const first = await bigCredit(userId, maker);
      const second = await bigCredit(userId, maker);

      expect((await reject(first, checker, '  ')).status).toBe(400);
      const rejected = expectOk(await reject(first, checker, '没有工单'));
      expect(rejected).toMatchObject({ status: 'rejected', decided_by: checker.actor.username, decision_note: '没有工单' });
      expectError(await approve(first, checker), 409, MSG_APPROVAL_DECIDED);

      expectError(await cancel(second, checker), 403, MSG_APPROVAL_NOT_MINE);
      expect(expectOk(await cancel(second, maker))).toMatchObject({ status: 'cancelled', decided_by: maker.actor.username });
      expectError(await approve(second, checker), 409, MSG_APPROVAL_DECIDED);

      expect(await balance(userId)).toBe(0);
      expect(await ledgerOf(userId)).toHaveLength(0);
      expect((await auditOfApproval(first)).map((row) => [row.action, row.operatorId, row.reason])).toEqual([
        ['approval.request', maker.id, '活动补偿'],
        ['approval.reject', checker.id, '没有工单'],
      ]);
      expect((await auditOfApproval(second)).map((row) => [row.action, row.operatorId])).toEqual([
        ['approval.request', maker.id],
        ['approval.cancel', maker.id],
      ]);
      const pending = expectOk(await list(checker)).list.map((row) => row.id);
      expect(pending).not.toContain(first);
      expect(pending).not.toContain(second);
      expect(expectOk(await list(checker, 'rejected')).list.map((row) => row.id)).toContain(first);
    });

    it('the daily cap counts what an operator credits, requests and approves in the Shanghai day', async () => {
      const maker = await operator('finance');
      const checker = await operator('finance');
      const userId = await renter();
      const capYuan = fenToYuan(OPS_CREDIT_DAILY_CAP_FEN);
      // Pending requests count: the maker may not queue more than the cap.
      const big = await bigCredit(userId, maker, fenToYuan(OPS_CREDIT_DAILY_CAP_FEN - BIG_FEN));
      const rest = await bigCredit(userId, maker, fenToYuan(BIG_FEN - OPS_CREDIT_APPROVAL_ABOVE_FEN));
      expect(expectOk(await credit(userId, fenToYuan(OPS_CREDIT_APPROVAL_ABOVE_FEN), maker)).status).toBe('executed');
      expectError(await credit(userId, '0.01', maker), 409, MSG_CREDIT_DAILY_CAP(capYuan, capYuan));
      // A cancelled request gives its room back.
      expectOk(await cancel(rest, maker));
      expect(expectOk(await credit(userId, '0.01', maker)).status).toBe('executed');

      // The approver's own cap: over it the request still waits for somebody else.
      await bigCredit(await renter(), checker, BIG_YUAN);
      expect(expectOk(await credit(await renter(), fenToYuan(OPS_CREDIT_APPROVAL_ABOVE_FEN), checker)).status).toBe('executed');
      const used = fenToYuan(BIG_FEN + OPS_CREDIT_APPROVAL_ABOVE_FEN);
      expectError(await approve(big, checker), 409, MSG_CREDIT_DAILY_CAP(capYuan, used));
      expect((await approvalRow(big)).status).toBe('pending');
      // The next Shanghai day the same approver may.
      const tomorrow = new Date(Date.now() + DAY_MS);
      expect((await approveRequest(db, checker.actor, big, tomorrow)).status).toBe('executed');
      expect(await balance(userId)).toBe(OPS_CREDIT_DAILY_CAP_FEN - BIG_FEN + OPS_CREDIT_APPROVAL_ABOVE_FEN + 1);
    });

    it('a change of the withdrawal review waits for a second operator; the setting changes only when approved', async () => {
      const maker = await operator('finance');
      const checker = await operator('finance');
      const before = await readSetting(db, 'withdrawal.review');
      const ticket = expectOk(await post<OpsApprovalTicket>(withdrawReviewRoute, '/settings/withdraw-review', { enabled: false, above_fen: before.above_fen }, maker));
      expect(await readSetting(db, 'withdrawal.review')).toEqual(before);
      expectError(await post(withdrawReviewRoute, '/settings/withdraw-review', { enabled: true, above_fen: before.above_fen + 100 }, checker), 409, MSG_APPROVAL_ALREADY_PENDING);
      expectError(await approve(ticket.approval_id, maker), 403, MSG_APPROVAL_OWN);
      const view = expectOk(await approve(ticket.approval_id, checker));
      expect(view).toMatchObject({ kind: 'withdrawal.review', status: 'executed', amount_fen: null });
      expect(await readSetting(db, 'withdrawal.review')).toEqual({ enabled: false, above_fen: before.above_fen });
      const [changed] = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'setting.update'), eq(opsAuditLog.targetId, 'withdrawal.review')));
      expect(changed).toMatchObject({ operatorId: checker.id, before, after: { enabled: false } });
      // Back as it was, through the same two steps.
      const back = expectOk(await post<OpsApprovalTicket>(withdrawReviewRoute, '/settings/withdraw-review', before, checker));
      expectOk(await approve(back.approval_id, maker));
      expect(await readSetting(db, 'withdrawal.review')).toEqual(before);
    });

    it('a payout waits for approval; it cannot be refused meanwhile; cancelled by the user, the approval fails and says why', async () => {
      const maker = await operator('finance');
      const checker = await operator('finance');
      const userId = await renter(50_000);
      // A session that has just proved the user (account/verifyIdentity): binding a payout account needs it.
      const { token } = await issueToken(db, userId, { now: new Date() });
      await db.update(authTokens).set({ identityVerifiedAt: new Date() }).where(eq(authTokens.tokenHash, hashToken(token)));
      const bearer = `Bearer ${token}`;
      await db.update(users).set({ isRealName: true, realName: '王复核' }).where(eq(users.id, userId));
      expectOk(await callRoute(bindAlipayRoute, '/api/v1/account/alipayAccount', { method: 'POST', authorization: bearer, body: { account: '13800000002', real_name: '王复核' } }));
      const big = expectOk(await callRoute<Withdrawal>(withdrawRoute, '/api/v1/account/withdraw', { method: 'POST', authorization: bearer, body: { amount: '300' } }));
      expect(big.status).toBe('review');

      const asked = expectOk(await post<OpsWithdrawalView>(decideRoute, '/withdrawals/decide', { withdraw_no: big.withdraw_no, decision: 'pay' }, maker));
      expect(asked).toMatchObject({ status: 'review', approval_id: expect.any(Number) });
      expectError(await post(decideRoute, '/withdrawals/decide', { withdraw_no: big.withdraw_no, decision: 'pay' }, checker), 409, MSG_APPROVAL_ALREADY_PENDING);
      expectError(await post(decideRoute, '/withdrawals/decide', { withdraw_no: big.withdraw_no, decision: 'refuse', reason: '不行' }, checker), 409, MSG_OPS_WITHDRAWAL_PAY_PENDING);
      expectError(await approve(asked.approval_id!, maker), 403, MSG_APPROVAL_OWN);

      expectOk(await callRoute(withdrawCancelRoute, '/api/v1/account/withdrawCancel', { method: 'POST', authorization: bearer, body: { withdraw_no: big.withdraw_no } }));
      expectError(await approve(asked.approval_id!, checker), 409, MSG_APPROVAL_FAILED(MSG_OPS_WITHDRAWAL_DECIDED));
      expect(await approvalRow(asked.approval_id!)).toMatchObject({ status: 'failed', decidedBy: checker.id, decisionNote: MSG_OPS_WITHDRAWAL_DECIDED });
      expect((await auditOfApproval(asked.approval_id!)).map((row) => row.action)).toEqual(['approval.request', 'approval.fail']);
      expect(await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.targetType, 'withdrawal'), eq(opsAuditLog.targetId, big.withdraw_no)))).toHaveLength(0);
      expect(await readWallet(db, userId)).toMatchObject({ balanceFen: 50_000, frozenFen: 0 });
    });

    it('the table itself refuses a request decided by its maker', async () => {
      const maker = await operator('finance');
      const id = await bigCredit(await renter(), maker, '1200.00');
      await expect(db.update(opsApprovals).set({ status: 'executed', decidedBy: maker.id, decidedAt: new Date() }).where(eq(opsApprovals.id, id))).rejects.toThrow();
      await expect(db.update(opsApprovals).set({ status: 'rejected', decidedBy: maker.id, decidedAt: new Date() }).where(inArray(opsApprovals.id, [id]))).rejects.toThrow();
      expect((await approvalRow(id)).status).toBe('pending');
    });
  });
}
