/**
 * POST /api/v1/ops/complaints/decide `{ complaint_id, outcome, refund_fen?, penalty_fen?, text }` →
 * OpsComplaintDecided (permission `complaints`). One transaction: the complaint closed, the ledger
 * rows, the earnings, the owner's charges, both notifications, the audit row. 404 投诉不存在; 409
 * when it is already decided (two agents at once: one wins); 400 for amounts the rule refuses.
 */
import { serveConsole } from '~/features/console/server';
import { decideComplaint } from '~/features/complaints/server';
import { COMPLAINT_WIRE } from '~/features/complaints/wire';

export const { POST, ALL } = serveConsole(COMPLAINT_WIRE.opsDecide, 'complaints', async (ctx, body, { actor, now }) => decideComplaint(ctx.db, actor, body, now));
