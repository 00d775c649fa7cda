/**
 * Maker-checker (docs/decisions.md "Two people for big money"): a wallet credit above
 * OPS_CREDIT_APPROVAL_ABOVE_FEN, the payout of a withdrawal held for review and a change of the
 * withdrawal-review setting become a request (who, what, amount, reason, when) that a second
 * operator holding the same permission approves or rejects; the maker may cancel it.
 *
 * Approving is one transaction: the request row is locked, its status moves from pending under a
 * guard, and the action runs with its own audit rows. Two approvers at once: the second waits on the
 * row lock, finds it no longer pending and gets 409 with nothing written, so the action runs once.
 * When the action itself is refused (the withdrawal was cancelled meanwhile, a debit ...), that
 * transaction rolls back and the request is closed as failed in a second one, audited. An approved
 * 打款 only claims the withdrawal for payout in that transaction; the transfer is sent after
 * COMMIT (never inside a transaction: wallet/server/payouts.ts), and the answer shows where the
 * withdrawal stands then (result_text).
 *
 * Every credit an operator makes, requests or approves counts against OPS_CREDIT_DAILY_CAP_FEN for
 * the Shanghai day; an advisory lock per operator serialises the check with the write.
 */
import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPS_CREDIT_DAILY_CAP_FEN } from '~/features/console/constants';
import {
  MSG_APPROVAL_ALREADY_PENDING,
  MSG_APPROVAL_DECIDED,
  MSG_APPROVAL_FAILED,
  MSG_APPROVAL_FORBIDDEN,
  MSG_APPROVAL_NOT_FOUND,
  MSG_APPROVAL_NOT_MINE,
  MSG_APPROVAL_OWN,
  MSG_CREDIT_DAILY_CAP,
  OPS_APPROVAL_KIND_TEXT,
  OPS_APPROVAL_KINDS,
  OPS_APPROVAL_PERMISSION,
  OPS_APPROVAL_STATUS_TEXT,
  type OpsApprovalKind,
  type OpsApprovalRejectBody,
  type OpsApprovalStatus,
  type OpsApprovalTicket,
  type OpsApprovalView,
  type OpsApprovalsQuery,
} from '~/features/console/contract/ops-approvals';
import { opsCan } from '~/features/console/contract/ops';
import type { Page } from '~/platform/wire/common';
import { fenToYuan } from '~/platform/rules/money';
import { shanghaiMidnight } from '~/platform/rules/shanghai-time';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { operators, opsApprovals, opsAuditLog } from '~/platform/db/schema';
import { AppError, conflict, forbidden, notFound } from '~/platform/http/errors';
import { payReviewedWithdrawal, sendClaimedPayout, withdrawalOutcomeTexts } from '~/features/wallet/server';
import { writeAudit } from '~/features/console/server/audit';
import type { OperatorActor } from '~/features/console/server/operators';
import type { OpsApprovalRow } from '~/features/console/server/tables';
import { executeWalletCredit, type WalletCreditPayload } from '~/features/console/server/users';
import { applyWithdrawReview, type WithdrawReviewPayload } from '~/features/console/server/settings';


export interface ApprovalRequest {
  kind: OpsApprovalKind;
  targetType: string;
  targetId: string | number;
  amountFen: number | null;
  /** The validated body the action replays when approved. */
  payload: Record<string, unknown>;
  /** What the approver reads: 给用户 renter01（#12）加款 ¥5,000.00. */
  summary: string;
  reason: string;
}

/** First key of the advisory lock that serialises one operator's credits (the second is the operator id). */
const CREDIT_CAP_LOCK_NAMESPACE = 0x0c4e;

/** What `operatorId` has credited, requested or approved as credits in the Shanghai day of `now`. */
async function creditsToday(tx: DbOrTx, operatorId: number, now: Date): Promise<number> {
  const start = shanghaiMidnight(now);
  // Small credits run at once and leave only their audit row; those an approval ran carry its id and are counted below.
  const [direct] = await tx
    .select({ fen: sql<string>`coalesce(sum((${opsAuditLog.after} ->> 'amount_fen')::bigint), 0)` })
    .from(opsAuditLog)
    .where(
      and(
        eq(opsAuditLog.operatorId, operatorId),
        eq(opsAuditLog.action, 'wallet.adjust'),
        gte(opsAuditLog.createdAt, start),
        sql`(${opsAuditLog.after} ->> 'amount_fen')::bigint > 0`,
        sql`${opsAuditLog.after} ->> 'approval_id' is null`,
      ),
    );
  const [requested] = await tx
    .select({ fen: sql<string>`coalesce(sum(${opsApprovals.amountFen}), 0)` })
    .from(opsApprovals)
    .where(and(eq(opsApprovals.kind, 'wallet.credit'), eq(opsApprovals.requestedBy, operatorId), gte(opsApprovals.createdAt, start), inArray(opsApprovals.status, ['pending', 'executed'])));
  const [approved] = await tx
    .select({ fen: sql<string>`coalesce(sum(${opsApprovals.amountFen}), 0)` })
    .from(opsApprovals)
    .where(and(eq(opsApprovals.kind, 'wallet.credit'), eq(opsApprovals.decidedBy, operatorId), gte(opsApprovals.decidedAt, start), eq(opsApprovals.status, 'executed')));
  return Number(direct?.fen ?? 0) + Number(requested?.fen ?? 0) + Number(approved?.fen ?? 0);
}

/**
 * Refuses (409) a credit of `amountFen` that would take the operator past the daily cap. Call it
 * inside the transaction that writes the credit or the request: the lock lasts until it ends.
 */
export async function assertCreditWithinDailyCap(tx: DbOrTx, operatorId: number, amountFen: number, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREDIT_CAP_LOCK_NAMESPACE}::int, ${operatorId}::int)`);
  const used = await creditsToday(tx, operatorId, now);
  if (used + amountFen > OPS_CREDIT_DAILY_CAP_FEN) throw conflict(MSG_CREDIT_DAILY_CAP(fenToYuan(OPS_CREDIT_DAILY_CAP_FEN), fenToYuan(used)));
}

/** Records the request and its audit row inside the caller's transaction; 409 when the same target already waits. */
export async function requestApproval(tx: DbOrTx, actor: OperatorActor, request: ApprovalRequest, now: Date): Promise<OpsApprovalTicket> {
  if (request.kind === 'wallet.credit' && request.amountFen) await assertCreditWithinDailyCap(tx, actor.operatorId, request.amountFen, now);
  let row: OpsApprovalRow | undefined;
  try {
    // A savepoint: a duplicate must not poison the caller's transaction (PostgreSQL aborts it otherwise).
    [row] = await tx.transaction((inner) =>
      inner
        .insert(opsApprovals)
        .values({
          kind: request.kind,
          targetType: request.targetType,
          targetId: String(request.targetId),
          amountFen: request.amountFen,
          payload: { ...request.payload, summary: request.summary },
          reason: request.reason,
          requestedBy: actor.operatorId,
          createdAt: now,
        })
        .returning(),
    );
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'ops_approvals_one_pending_key') throw conflict(MSG_APPROVAL_ALREADY_PENDING, { cause: error });
    throw error;
  }
  await writeAudit(tx, actor, { action: 'approval.request', targetType: 'approval', targetId: row!.id, after: auditView(row!), reason: request.reason }, now);
  return { approval_id: row!.id };
}

/** The request waiting on `kind` for `targetId`, if any (the withdrawal and settings screens show it). */
export async function pendingApprovalOf(db: DbOrTx, kind: OpsApprovalKind, targetId: string | number): Promise<OpsApprovalView | null> {
  const page = await listApprovals(db, { kinds: [kind], state: 'pending', targetId: String(targetId), page: 1, page_size: 1 });
  return page.list[0] ?? null;
}

/** The ids of requests waiting on `kind` for each of `targetIds`. */
export async function pendingApprovalIds(db: DbOrTx, kind: OpsApprovalKind, targetIds: readonly string[]): Promise<Map<string, number>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .select({ id: opsApprovals.id, targetId: opsApprovals.targetId })
    .from(opsApprovals)
    .where(and(eq(opsApprovals.kind, kind), eq(opsApprovals.status, 'pending'), inArray(opsApprovals.targetId, [...targetIds])));
  return new Map(rows.map((row) => [row.targetId, row.id]));
}

function auditView(row: OpsApprovalRow): Record<string, unknown> {
  return { kind: row.kind, target_type: row.targetType, target_id: row.targetId, amount_fen: row.amountFen, status: row.status, requested_by: row.requestedBy };
}

/** Locks the request and checks that `actor` may decide it; the row is pending on return. */
async function lockForDecision(tx: DbTx, actor: OperatorActor, id: number): Promise<OpsApprovalRow> {
  const [row] = await tx.select().from(opsApprovals).where(eq(opsApprovals.id, id)).for('update');
  if (!row) throw notFound(MSG_APPROVAL_NOT_FOUND);
  const kind = row.kind as OpsApprovalKind;
  if (!opsCan(actor.role, OPS_APPROVAL_PERMISSION[kind])) throw forbidden(MSG_APPROVAL_FORBIDDEN);
  if (row.status !== 'pending') throw conflict(MSG_APPROVAL_DECIDED);
  if (row.requestedBy === actor.operatorId) throw forbidden(MSG_APPROVAL_OWN);
  return row;
}

async function close(tx: DbOrTx, row: OpsApprovalRow, status: OpsApprovalStatus, decidedBy: number, now: Date, note: string | null, result?: unknown): Promise<OpsApprovalRow> {
  const [after] = await tx
    .update(opsApprovals)
    .set({ status, decidedBy, decidedAt: now, decisionNote: note, ...(result === undefined ? {} : { result }) })
    .where(and(eq(opsApprovals.id, row.id), eq(opsApprovals.status, 'pending')))
    .returning();
  if (!after) throw conflict(MSG_APPROVAL_DECIDED);
  return after;
}

async function execute(tx: DbTx, actor: OperatorActor, row: OpsApprovalRow, now: Date): Promise<unknown> {
  const kind = row.kind as OpsApprovalKind;
  switch (kind) {
    case 'wallet.credit':
      return executeWalletCredit(tx, actor, row.payload as WalletCreditPayload, { approvalId: row.id, requestedBy: row.requestedBy }, now);
    case 'withdrawal.pay':
      return payReviewedWithdrawal(tx, actor, row.targetId, now, row.id);
    case 'withdrawal.review':
      return applyWithdrawReview(tx, actor, row.payload as WithdrawReviewPayload, now);
  }
}

/**
 * POST ops/approvals/approve: a second operator approves, and the action runs in the same
 * transaction. 403 for the maker or an operator without the kind's permission, 409 when already
 * decided; when the action itself is refused, the request closes as failed and the 409 says why.
 */
export async function approveRequest(db: Db, actor: OperatorActor, id: number, now: Date): Promise<OpsApprovalView> {
  const refused: { error: AppError | null } = { error: null };
  let claimedWithdrawal: string | null = null;
  try {
    await db.transaction(async (tx) => {
      claimedWithdrawal = null;
      const row = await lockForDecision(tx, actor, id);
      // The approver's own cap: over it, the request still waits for someone else.
      if (row.kind === 'wallet.credit') await assertCreditWithinDailyCap(tx, actor.operatorId, row.amountFen ?? 0, now);
      await close(tx, row, 'executed', actor.operatorId, now, null);
      await writeAudit(tx, actor, { action: 'approval.approve', targetType: 'approval', targetId: row.id, before: auditView(row), after: { ...auditView(row), status: 'executed' } }, now);
      let result: unknown;
      try {
        result = await execute(tx, actor, row, now);
      } catch (error) {
        // The action's own refusal (409/404/400): remembered, so the request can be closed once the rollback is done.
        if (error instanceof AppError && error.httpStatus < 500 && error.httpStatus !== 403) refused.error = error;
        throw error;
      }
      if (row.kind === 'withdrawal.pay') claimedWithdrawal = row.targetId;
      await tx.update(opsApprovals).set({ result: result ?? null }).where(eq(opsApprovals.id, row.id));
      await writeAudit(tx, actor, { action: 'approval.execute', targetType: 'approval', targetId: row.id, after: { kind: row.kind, target_id: row.targetId, result: result ?? null } }, now);
    });
  } catch (error) {
    if (!refused.error) throw error;
    const why = refused.error.message;
    await db.transaction(async (tx) => {
      const row = await lockForDecision(tx, actor, id);
      await close(tx, row, 'failed', actor.operatorId, now, why, { error: why });
      await writeAudit(tx, actor, { action: 'approval.fail', targetType: 'approval', targetId: row.id, before: auditView(row), after: { ...auditView(row), status: 'failed' }, reason: why }, now);
    });
    throw conflict(MSG_APPROVAL_FAILED(why), { cause: error });
  }
  if (claimedWithdrawal !== null) await sendClaimedPayout(db, claimedWithdrawal, now);
  return (await approvalView(db, id))!;
}

/** POST ops/approvals/reject: a second operator turns it down with a reason; nothing runs. */
export async function rejectRequest(db: Db, actor: OperatorActor, body: OpsApprovalRejectBody, now: Date): Promise<OpsApprovalView> {
  await db.transaction(async (tx) => {
    const row = await lockForDecision(tx, actor, body.id);
    await close(tx, row, 'rejected', actor.operatorId, now, body.reason);
    await writeAudit(tx, actor, { action: 'approval.reject', targetType: 'approval', targetId: row.id, before: auditView(row), after: { ...auditView(row), status: 'rejected' }, reason: body.reason }, now);
  });
  return (await approvalView(db, body.id))!;
}

/** POST ops/approvals/cancel: the maker withdraws their own request while it waits. */
export async function cancelRequest(db: Db, actor: OperatorActor, id: number, now: Date): Promise<OpsApprovalView> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(opsApprovals).where(eq(opsApprovals.id, id)).for('update');
    if (!row) throw notFound(MSG_APPROVAL_NOT_FOUND);
    if (row.requestedBy !== actor.operatorId) throw forbidden(MSG_APPROVAL_NOT_MINE);
    if (row.status !== 'pending') throw conflict(MSG_APPROVAL_DECIDED);
    await close(tx, row, 'cancelled', actor.operatorId, now, null);
    await writeAudit(tx, actor, { action: 'approval.cancel', targetType: 'approval', targetId: row.id, before: auditView(row), after: { ...auditView(row), status: 'cancelled' } }, now);
  });
  return (await approvalView(db, id))!;
}

// ---------------------------------------------------------------------------------------------
// reading

const requester = alias(operators, 'requester');
const decider = alias(operators, 'decider');

/** Where the executed 打款 requests' withdrawals stand now (打款中, 已到账, 打款失败：...), by withdrawal number. */
async function payoutOutcomes(db: DbOrTx, rows: readonly { approval: OpsApprovalRow }[]): Promise<Map<string, string>> {
  const paid = rows.filter((row) => row.approval.kind === 'withdrawal.pay' && row.approval.status === 'executed').map((row) => row.approval.targetId);
  return withdrawalOutcomeTexts(db, paid);
}

function reshape(row: { approval: OpsApprovalRow; requester: string; decider: string | null }, outcomes: ReadonlyMap<string, string>): OpsApprovalView {
  const { approval } = row;
  const kind = (OPS_APPROVAL_KINDS as readonly string[]).includes(approval.kind) ? (approval.kind as OpsApprovalKind) : 'wallet.credit';
  const status = approval.status as OpsApprovalStatus;
  const summary = (approval.payload as { summary?: unknown } | null)?.summary;
  return {
    id: approval.id,
    kind,
    kind_text: OPS_APPROVAL_KIND_TEXT[kind],
    summary: typeof summary === 'string' ? summary : OPS_APPROVAL_KIND_TEXT[kind],
    target_type: approval.targetType,
    target_id: approval.targetId,
    amount_fen: approval.amountFen,
    status,
    status_text: OPS_APPROVAL_STATUS_TEXT[status],
    reason: approval.reason,
    requested_by_id: approval.requestedBy,
    requested_by: row.requester,
    requested_at: approval.createdAt.toISOString(),
    decided_by: row.decider,
    decided_at: approval.decidedAt?.toISOString() ?? null,
    decision_note: approval.decisionNote,
    result_text: approval.kind === 'withdrawal.pay' && approval.status === 'executed' ? (outcomes.get(approval.targetId) ?? null) : null,
  };
}

export interface ApprovalsListQuery extends Pick<OpsApprovalsQuery, 'state' | 'page' | 'page_size'> {
  /** Only these kinds (the ones the reader may decide). */
  kinds: readonly OpsApprovalKind[];
  targetId?: string;
}

/** One page of requests: the pending ones oldest first (first come, first decided), others newest first. */
export async function listApprovals(db: DbOrTx, query: ApprovalsListQuery): Promise<Page<OpsApprovalView>> {
  if (query.kinds.length === 0) return { list: [], total: 0, page: query.page, page_size: query.page_size };
  const where: SQL[] = [inArray(opsApprovals.kind, [...query.kinds])];
  if (query.state !== 'all') where.push(eq(opsApprovals.status, query.state));
  if (query.targetId) where.push(eq(opsApprovals.targetId, query.targetId));
  const order = query.state === 'pending' ? [opsApprovals.id] : [desc(opsApprovals.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ approval: opsApprovals, requester: requester.username, decider: decider.username })
      .from(opsApprovals)
      .innerJoin(requester, eq(requester.id, opsApprovals.requestedBy))
      .leftJoin(decider, eq(decider.id, opsApprovals.decidedBy))
      .where(and(...where))
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(opsApprovals).where(and(...where)),
  ]);
  const outcomes = await payoutOutcomes(db, rows);
  return { list: rows.map((row) => reshape(row, outcomes)), total: Number(counted?.n ?? 0), page: query.page, page_size: query.page_size };
}

/** The kinds `actor` may decide, hence see on the approvals screen. */
export function approvalKindsFor(actor: Pick<OperatorActor, 'role'>): OpsApprovalKind[] {
  return OPS_APPROVAL_KINDS.filter((kind) => opsCan(actor.role, OPS_APPROVAL_PERMISSION[kind]));
}

export async function approvalView(db: DbOrTx, id: number): Promise<OpsApprovalView | null> {
  const [row] = await db
    .select({ approval: opsApprovals, requester: requester.username, decider: decider.username })
    .from(opsApprovals)
    .innerJoin(requester, eq(requester.id, opsApprovals.requestedBy))
    .leftJoin(decider, eq(decider.id, opsApprovals.decidedBy))
    .where(eq(opsApprovals.id, id));
  return row ? reshape(row, await payoutOutcomes(db, [row])) : null;
}
