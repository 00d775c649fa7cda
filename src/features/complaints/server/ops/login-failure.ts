/**
 * An operator's word on a one-click "cannot log in" report (docs/decisions.md "Cannot log in in
 * one click"): the report was decided at once by the rule; the operator upholds it after the
 * owner's appeal, or reverses it with a reason, in ONE transaction:
 *
 *   case and complaint rows locked → both wallets locked (user-id order) → the owner's charge:
 *   what was collected goes back to the owner (penalty_return), the charge is dropped (nothing more
 *   is collected) → the renter's compensation comes back from their balance as far as it covers
 *   (never below zero; the platform bears the rest) → the rental's own refund stays with the
 *   renter → the listing's record one failure less, a listing paused by the report back on the
 *   shelf → the complaint closed with the reason, both sides told, the audit row.
 *
 * The reversal counts against the renter for the abuse rule (features/orders/rules/login-failure.ts).
 */
import { and, eq } from 'drizzle-orm';
import {
  COMPLAINT_STATUS,
  MSG_COMPLAINT_NOT_FOUND,
  MSG_LOGIN_FAILURE_CASE_MISSING,
  MSG_LOGIN_FAILURE_NOT_DISPUTED,
  MSG_LOGIN_FAILURE_REVERSED,
  type OpsLoginFailureBody,
  type OpsLoginFailureView,
} from '~/features/complaints/contract';
import { LOGIN_FAILURE_STATUS_TEXT, answerDeadline } from '~/features/orders/rules/login-failure';
import { isListedAs } from '~/features/sellers/rules/listing-form';
import { fenToYuan } from '~/platform/rules/money';
import type { Db, DbOrTx } from '~/platform/db/client';
import { complaints, listings, loginFailureCases, orders, ownerCharges } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { recordLoginFailure } from '~/features/catalog/server';
import { notifyComplaintDecided, notifyComplaintDecidedToOwner } from '~/features/notifications/server';
import { LOGIN_FAILURE_PAUSE_REASON, compensationRef } from '~/features/orders/server';
import { changeBalance, lockWallets } from '~/features/wallet/server';
import { writeAudit, type OperatorActor } from '~/features/console/server';

type CaseRow = typeof loginFailureCases.$inferSelect;

/** The ledger ref of the owner's collected compensation given back on a reversal. */
export const penaltyReturnRef = (orderNo: string): string => `${orderNo}-LR`;

export function reshapeLoginFailure(row: CaseRow): OpsLoginFailureView {
  return {
    case_id: row.id,
    status: row.status,
    status_text: LOGIN_FAILURE_STATUS_TEXT[row.status],
    rent_refund_fen: row.rentRefundFen,
    deposit_refund_fen: row.depositRefundFen,
    hafu_refund_fen: row.hafuRefundFen,
    compensation_fen: row.compensationFen,
    first_reveal_at: row.firstRevealAt.toISOString(),
    reported_at: row.createdAt.toISOString(),
    answer_until: answerDeadline(row.createdAt).toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    took_down: row.tookDown,
    reversed_at: row.reversedAt?.toISOString() ?? null,
    reverse_reason: row.reverseReason,
    compensation_back_fen: row.compensationBackFen,
    owner_returned_fen: row.ownerReturnedFen,
    can_uphold: row.status === 'disputed',
    can_reverse: row.status !== 'reversed',
  };
}

/** The report behind complaint `complaintId`, or null for an ordinary complaint. */
export async function loginFailureOfComplaint(db: DbOrTx, complaintId: number): Promise<CaseRow | null> {
  const [row] = await db.select().from(loginFailureCases).where(eq(loginFailureCases.complaintId, complaintId));
  return row ?? null;
}

export async function resolveLoginFailure(db: Db, actor: OperatorActor, body: OpsLoginFailureBody, now: Date): Promise<OpsLoginFailureView> {
  return db.transaction(async (tx) => {
    const [lfCase] = await tx.select().from(loginFailureCases).where(eq(loginFailureCases.complaintId, body.complaint_id)).for('update');
    if (!lfCase) {
      const [complaint] = await tx.select({ id: complaints.id }).from(complaints).where(eq(complaints.id, body.complaint_id));
      throw complaint ? conflict(MSG_LOGIN_FAILURE_CASE_MISSING) : notFound(MSG_COMPLAINT_NOT_FOUND);
    }
    const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, lfCase.complaintId)).for('update');
    if (lfCase.status === 'reversed') throw conflict(MSG_LOGIN_FAILURE_REVERSED);
    if (body.action === 'uphold' && lfCase.status !== 'disputed') throw conflict(MSG_LOGIN_FAILURE_NOT_DISPUTED);
    const [order] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, lfCase.orderId));
    const orderNo = order!.orderNo;
    const before = { status: lfCase.status, complaint_status: complaint!.status };

    let after: Partial<CaseRow>;
    let renterLine: string;
    let ownerLine: string;
    if (body.action === 'uphold') {
      after = { status: 'upheld' };
      renterLine = '平台维持一键无法登录判定';
      ownerLine = '申诉未被支持，维持原判定';
    } else {
      const balances = await lockWallets(tx, [lfCase.renterUserId, lfCase.sellerUserId]);
      // The owner's charge: what was collected back to them, the rest no longer owed.
      const [charge] = await tx
        .select()
        .from(ownerCharges)
        .where(and(eq(ownerCharges.complaintId, lfCase.complaintId), eq(ownerCharges.kind, 'penalty')))
        .for('update');
      const returnedFen = charge?.collectedFen ?? 0;
      if (charge) await tx.delete(ownerCharges).where(eq(ownerCharges.id, charge.id));
      if (returnedFen > 0) await changeBalance(tx, { userId: lfCase.sellerUserId, kind: 'penalty_return', amountFen: returnedFen, refNo: penaltyReturnRef(orderNo) });
      // The renter's compensation, as far as their balance covers it; the rental's refund stays theirs.
      const backFen = Math.min(lfCase.compensationFen, balances.get(lfCase.renterUserId) ?? 0);
      if (backFen > 0) await changeBalance(tx, { userId: lfCase.renterUserId, kind: 'login_failure_comp_back', amountFen: -backFen, refNo: compensationRef(orderNo) });
      after = { status: 'reversed', reversedAt: now, reversedBy: actor.operatorId, reverseReason: body.reason, compensationBackFen: backFen, ownerReturnedFen: returnedFen };
      await recordLoginFailure(tx, lfCase.listingId, -1, now);
      const [listing] = await tx.select().from(listings).where(eq(listings.id, lfCase.listingId)).for('update');
      if (listing && listing.heldAt !== null && listing.holdReason === LOGIN_FAILURE_PAUSE_REASON) {
        await tx
          .update(listings)
          .set({ heldAt: null, holdReason: null, isListed: isListedAs(listing.sellerState, listing.reviewStatus, false), updatedAt: now })
          .where(eq(listings.id, listing.id));
      }
      renterLine = `平台撤销一键无法登录判定，已退租金不受影响${backFen > 0 ? `，号主赔付 ¥${fenToYuan(backFen)} 已从余额撤回` : ''}`;
      ownerLine = `一键无法登录判定已撤销${returnedFen > 0 ? `，已退回赔付 ¥${fenToYuan(returnedFen)}` : ''}`;
    }
    await tx.update(loginFailureCases).set(after).where(eq(loginFailureCases.id, lfCase.id));
    await tx
      .update(complaints)
      .set({ status: COMPLAINT_STATUS.handled, reply: body.reason })
      .where(eq(complaints.id, lfCase.complaintId));
    await notifyComplaintDecided(tx, complaint!, body.reason, now, renterLine);
    await notifyComplaintDecidedToOwner(tx, lfCase.sellerUserId, { id: lfCase.complaintId, orderNo }, body.reason, now, ownerLine);
    const [caseAfter] = await tx.select().from(loginFailureCases).where(eq(loginFailureCases.id, lfCase.id));
    await writeAudit(
      tx,
      actor,
      {
        action: body.action === 'uphold' ? 'complaint.login_failure.uphold' : 'complaint.login_failure.reverse',
        targetType: 'complaint',
        targetId: lfCase.complaintId,
        before,
        after: { status: caseAfter!.status, compensation_back_fen: caseAfter!.compensationBackFen, owner_returned_fen: caseAfter!.ownerReturnedFen },
        reason: body.reason,
      },
      now,
    );
    return reshapeLoginFailure(caseAfter!);
  });
}
