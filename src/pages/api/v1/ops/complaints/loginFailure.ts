/**
 * POST /api/v1/ops/complaints/loginFailure `{ complaint_id, action: 'uphold' | 'reverse', reason }` →
 * OpsLoginFailureView (permission `complaints`). A one-click "cannot log in" report: uphold it after
 * the owner's appeal, or reverse it (the owner's compensation given back, the renter's compensation
 * taken back as far as the balance covers; the rental's refund stays). 404 投诉不存在; 409 for an
 * ordinary complaint, a report already reversed, or an uphold without an appeal.
 */
import { serveConsole } from '~/features/console/server';
import { resolveLoginFailure } from '~/features/complaints/server';
import { COMPLAINT_WIRE } from '~/features/complaints/wire';

export const { POST, ALL } = serveConsole(COMPLAINT_WIRE.opsLoginFailure, 'complaints', async (ctx, body, { actor, now }) => resolveLoginFailure(ctx.db, actor, body, now));
