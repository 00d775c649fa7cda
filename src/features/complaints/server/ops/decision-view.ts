/** A complaint's decision as the console shows it: the row, who decided, and what the owner was charged. */
import { asc, eq } from 'drizzle-orm';
import type { OpsComplaintDecisionView } from '~/features/complaints/contract';
import { COMPLAINT_OUTCOME_LABELS, type EarningsState } from '~/features/complaints/rules/complaint-decision';
import type { DbOrTx } from '~/platform/db/client';
import { complaintDecisions, operators, ownerCharges, type OwnerChargeKind } from '~/platform/db/schema';

export const OWNER_CHARGE_KIND_TEXT: Readonly<Record<OwnerChargeKind, string>> = { clawback: '退款分摊扣回', penalty: '处罚' };

/** Who decided a one-click login-failure report: the rule (features/orders/rules/login-failure.ts). */
export const SYSTEM_DECIDER = { id: 0, username: 'system', display_name: '系统（一键无法登录）' } as const;

export async function loadOpsDecision(db: DbOrTx, complaintId: number): Promise<OpsComplaintDecisionView | null> {
  const [row] = await db
    .select({ decision: complaintDecisions, operatorUsername: operators.username, operatorName: operators.displayName })
    .from(complaintDecisions)
    .leftJoin(operators, eq(operators.id, complaintDecisions.operatorId))
    .where(eq(complaintDecisions.complaintId, complaintId));
  if (!row) return null;
  const charges = await db.select().from(ownerCharges).where(eq(ownerCharges.complaintId, complaintId)).orderBy(asc(ownerCharges.id));
  const { decision } = row;
  return {
    outcome: decision.outcome,
    outcome_text: COMPLAINT_OUTCOME_LABELS[decision.outcome],
    refund_fen: decision.refundFen,
    owner_share_fen: decision.ownerShareFen,
    penalty_fen: decision.penaltyFen,
    ended_rental: decision.endedRental,
    text: decision.text,
    earnings_state: decision.earningsState as EarningsState,
    decided_at: decision.createdAt.toISOString(),
    // A report decided by the rule at once has no operator: the console shows the platform's rule.
    operator: decision.operatorId === null ? SYSTEM_DECIDER : { id: decision.operatorId, username: row.operatorUsername ?? '', display_name: row.operatorName ?? '' },
    charges: charges.map((charge) => ({ kind: charge.kind, kind_text: OWNER_CHARGE_KIND_TEXT[charge.kind], amount_fen: charge.amountFen, collected_fen: charge.collectedFen })),
  };
}
