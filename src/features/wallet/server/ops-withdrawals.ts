/**
 * The console's withdrawal review (permission `withdrawals`): withdrawals above the
 * review threshold (setting withdrawal.review) wait in status `review` with their amount frozen;
 * a finance operator asks to pay one, and a second operator approves the payout on the approvals
 * screen (maker-checker, console/server/approvals.ts): the approval claims it for payout (status
 * paying, payouts.ts) and the approver's request sends it after COMMIT; or an operator
 * refuses it with a reason (the amount goes back to the balance through the wallet service, ledger
 * kind withdraw_refuse). A withdrawal whose payout waits for approval cannot be refused until that
 * request is rejected or cancelled.
 *
 * A decision is one guarded UPDATE ... WHERE status = 'review' RETURNING inside the transaction
 * that also moves the money, writes the audit row and the user's message: of two operators (or an
 * operator and the user's cancel) deciding at once, the second waits on the row lock, finds the
 * status changed, and gets 409 with nothing written.
 */
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { MS_PER_DAY } from '~/platform/config/constants';
import {
  MSG_OPS_WITHDRAWAL_DECIDED,
  MSG_OPS_WITHDRAWAL_PAY_PENDING,
  MSG_OPS_WITHDRAWAL_NOT_FOUND,
  type OpsWithdrawalDecideBody,
  type OpsWithdrawalView,
  type OpsWithdrawalsPage,
  type OpsWithdrawalsQuery,
} from '~/features/console/contract/ops-finance';
import { shanghaiDayStart } from '~/platform/rules/shanghai-time';
import { fenToYuan } from '~/platform/rules/money';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { operators, users, withdrawals } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { containsPattern } from '~/features/catalog/server';
import { notifyWithdrawalRefused } from '~/features/notifications/server';
import { maskMobile } from '~/features/account/server';
import { changeBalance } from '~/features/wallet/server/wallet';
import { reshapeWithdrawal } from '~/features/wallet/server/withdrawals';
import { insertPayoutAttempt, requirePayoutProvider } from '~/features/wallet/server/payouts';
import { pendingApprovalIds, requestApproval, writeAudit, type OperatorActor } from '~/features/console/server';

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** [from, to + 1 day) of Shanghai day filters, as instants. */
export function dayRange(from: string | undefined, to: string | undefined): { start: Date | null; end: Date | null } {
  const start = from ? shanghaiDayStart(from) : null;
  const last = to ? shanghaiDayStart(to) : null;
  return { start, end: last ? new Date(last.getTime() + MS_PER_DAY) : null };
}

function conditions(query: Pick<OpsWithdrawalsQuery, 'state' | 'q' | 'from' | 'to'>): SQL | undefined {
  const where: SQL[] = [];
  if (query.state !== 'all') where.push(eq(withdrawals.status, query.state));
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(or(ilike(users.username, pattern), ilike(users.mobile, pattern), eq(withdrawals.withdrawNo, query.q))!);
  }
  const { start, end } = dayRange(query.from, query.to);
  if (start) where.push(gte(withdrawals.createdAt, start));
  if (end) where.push(lt(withdrawals.createdAt, end));
  return where.length > 0 ? and(...where) : undefined;
}

function reshape(row: { withdrawal: WithdrawalRow; username: string; mobile: string | null; reviewer: string | null }, approvals: ReadonlyMap<string, number>): OpsWithdrawalView {
  return {
    ...reshapeWithdrawal(row.withdrawal),
    id: row.withdrawal.id,
    user_id: row.withdrawal.userId,
    username: row.username,
    mobile_masked: maskMobile(row.mobile),
    real_name: row.withdrawal.realName,
    reviewed_by: row.reviewer,
    approval_id: approvals.get(row.withdrawal.withdrawNo) ?? null,
  };
}

const selection = { withdrawal: withdrawals, username: users.username, mobile: users.mobile, reviewer: operators.username };

/** One page of withdrawals: the review queue oldest first (first come, first decided), other filters newest first. */
export async function listWithdrawalsForOps(db: DbOrTx, query: OpsWithdrawalsQuery): Promise<OpsWithdrawalsPage> {
  const where = conditions(query);
  const order = query.state === 'review' ? [asc(withdrawals.createdAt), asc(withdrawals.id)] : [desc(withdrawals.createdAt), desc(withdrawals.id)];
  const [rows, [counted], [queue]] = await Promise.all([
    db
      .select(selection)
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .leftJoin(operators, eq(operators.id, withdrawals.reviewedBy))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(where),
    db
      .select({ n: sql<number>`count(*)::int`, fen: sql<string>`coalesce(sum(${withdrawals.amountFen}), 0)` })
      .from(withdrawals)
      .where(eq(withdrawals.status, 'review')),
  ]);
  const approvals = await pendingApprovalIds(
    db,
    'withdrawal.pay',
    rows.filter((row) => row.withdrawal.status === 'review').map((row) => row.withdrawal.withdrawNo),
  );
  return {
    list: rows.map((row) => reshape(row, approvals)),
    total: Number(counted?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
    review_total: Number(queue?.n ?? 0),
    review_fen: Number(queue?.fen ?? 0),
  };
}

async function readOne(db: DbOrTx, withdrawNo: string): Promise<OpsWithdrawalView | null> {
  const [row] = await db
    .select(selection)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(operators, eq(operators.id, withdrawals.reviewedBy))
    .where(eq(withdrawals.withdrawNo, withdrawNo));
  return row ? reshape(row, await pendingApprovalIds(db, 'withdrawal.pay', [withdrawNo])) : null;
}

/** What the audit row keeps of a withdrawal: no account number, the state and the money. */
function auditView(row: WithdrawalRow): Record<string, unknown> {
  return {
    withdraw_no: row.withdrawNo,
    user_id: row.userId,
    amount_fen: row.amountFen,
    status: row.status,
    refuse_reason: row.refuseReason,
    finished_at: row.finishedAt,
  };
}

async function lockReviewed(tx: DbTx, withdrawNo: string): Promise<WithdrawalRow> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.withdrawNo, withdrawNo)).for('update');
  if (!row) throw notFound(MSG_OPS_WITHDRAWAL_NOT_FOUND);
  if (row.status !== 'review') throw conflict(MSG_OPS_WITHDRAWAL_DECIDED);
  return row;
}

/**
 * Decides a withdrawal under review, with its audit row, inside the caller's transaction: paid
 * means claimed for payout (status paying and its attempt row; the send happens after COMMIT), or
 * refused (the money returns). The guarded UPDATE is what two deciders race on.
 */
async function settleReviewed(tx: DbTx, actor: OperatorActor, before: WithdrawalRow, refuseReason: string | null, now: Date, approvalId?: number): Promise<WithdrawalRow> {
  const refusing = refuseReason !== null;
  // Asked first: with no payout provider (production without a live one) the approval fails with nothing written.
  const provider = refusing ? null : requirePayoutProvider();
  const [after] = await tx
    .update(withdrawals)
    .set(refusing ? { status: 'refused', finishedAt: now, reviewedBy: actor.operatorId, refuseReason } : { status: 'paying', reviewedBy: actor.operatorId })
    .where(and(eq(withdrawals.id, before.id), eq(withdrawals.status, 'review')))
    .returning();
  if (!after) throw conflict(MSG_OPS_WITHDRAWAL_DECIDED);
  if (refusing) {
    await changeBalance(tx, { userId: after.userId, kind: 'withdraw_refuse', amountFen: after.amountFen, refNo: after.withdrawNo, frozenDeltaFen: -after.amountFen });
    await notifyWithdrawalRefused(tx, after, refuseReason, now);
  } else {
    await insertPayoutAttempt(tx, after.withdrawNo, provider!.provider, now);
  }
  await writeAudit(
    tx,
    actor,
    {
      action: refusing ? 'withdrawal.refuse' : 'withdrawal.pay',
      targetType: 'withdrawal',
      targetId: after.withdrawNo,
      before: auditView(before),
      after: { ...auditView(after), ...(approvalId ? { approval_id: approvalId } : {}) },
      reason: refuseReason,
    },
    now,
  );
  return after;
}

/**
 * The approved payout (console approvals.ts): runs under the approver and claims the withdrawal
 * for payout (the approver's request sends it after COMMIT: sendClaimedPayout); 409 when the
 * withdrawal left review meanwhile or no payout provider may pay.
 */
export async function payReviewedWithdrawal(tx: DbTx, actor: OperatorActor, withdrawNo: string, now: Date, approvalId: number): Promise<{ withdraw_no: string; amount_fen: number; status: string }> {
  const before = await lockReviewed(tx, withdrawNo);
  const after = await settleReviewed(tx, actor, before, null, now, approvalId);
  return { withdraw_no: after.withdrawNo, amount_fen: after.amountFen, status: after.status };
}

/**
 * POST ops/withdrawals/decide: ask to pay a withdrawal under review (a request a second operator
 * approves; the answer carries its approval_id and the withdrawal stays under review) or refuse it.
 * 404 for an unknown number; 409 when it is no longer under review (decided by someone else,
 * cancelled by the user, or never needed review), when its payout already waits for approval, or
 * when refusing one whose payout waits.
 */
export async function decideWithdrawal(db: Db, actor: OperatorActor, body: OpsWithdrawalDecideBody, now: Date): Promise<OpsWithdrawalView> {
  return db.transaction(async (tx) => {
    const before = await lockReviewed(tx, body.withdraw_no);
    if (body.decision === 'pay') {
      await requestApproval(
        tx,
        actor,
        {
          kind: 'withdrawal.pay',
          targetType: 'withdrawal',
          targetId: before.withdrawNo,
          amountFen: before.amountFen,
          payload: { withdraw_no: before.withdrawNo },
          summary: `提现单 ${before.withdrawNo} 打款 ¥${fenToYuan(before.amountFen)} 给 ${before.realName}`,
          reason: '提现审核通过，申请打款',
        },
        now,
      );
    } else {
      if ((await pendingApprovalIds(tx, 'withdrawal.pay', [before.withdrawNo])).size > 0) throw conflict(MSG_OPS_WITHDRAWAL_PAY_PENDING);
      await settleReviewed(tx, actor, before, body.reason, now);
    }
    return (await readOne(tx, before.withdrawNo))!;
  });
}
