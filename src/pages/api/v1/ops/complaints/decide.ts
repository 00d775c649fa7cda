/**
 * POST /api/v1/ops/complaints/decide `{ complaint_id, outcome, refund_fen?, penalty_fen?, text }` →
 * OpsComplaintDecided (permission `complaints`). One transaction: the complaint closed, the ledger
 * rows, the earnings, the owner's charges, both notifications, the audit row. 404 投诉不存在; 409
 * when it is already decided (two agents at once: one wins); 400 for amounts the rule refuses.
 */
import { opsComplaintDecideBodySchema } from '~/features/complaints/contract';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { decideComplaint } from '~/features/complaints/server/ops';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'complaints', now);
  const body = await readJson(ctx.request, opsComplaintDecideBodySchema);
  return ok(await decideComplaint(ctx.db, actor, body, now));
});
export const ALL = opsAllowOnly('POST');
