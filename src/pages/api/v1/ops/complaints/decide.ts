/**
 * POST /api/v1/ops/complaints/decide `{ complaint_id, outcome, refund_fen?, penalty_fen?, text }` →
 * OpsComplaintDecided (permission `complaints`). One transaction: the complaint closed, the ledger
 * rows, the earnings, the owner's charges, both notifications, the audit row. 404 投诉不存在; 409
 * when it is already decided (two agents at once: one wins); 400 for amounts the rule refuses.
 */
import { opsComplaintDecideBodySchema } from '~/lib/contract/ops-complaints';
import { handle, ok, readJson } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { decideComplaint } from '~/server/services/ops/complaints';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'complaints', now);
  const body = await readJson(ctx.request, opsComplaintDecideBodySchema);
  return ok(await decideComplaint(ctx.db, actor, body, now));
});
export const ALL = opsAllowOnly('POST');
