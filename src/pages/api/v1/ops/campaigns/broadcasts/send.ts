/**
 * POST /api/v1/ops/campaigns/broadcasts/send `{ title, content, segment, popup?, request_key }` →
 * `{ broadcast, replayed }` (permission `campaigns`). One INSERT ... SELECT in one transaction; the same
 * request_key again sends nothing and answers the first send (replayed: true). Audited (broadcast.send).
 */
import { broadcastSendBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { sendOpsBroadcast } from '~/features/campaigns/server/ops-campaign-broadcasts';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, broadcastSendBodySchema);
  return ok(await sendOpsBroadcast(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
