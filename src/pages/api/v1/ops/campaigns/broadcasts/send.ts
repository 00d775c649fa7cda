/**
 * POST /api/v1/ops/campaigns/broadcasts/send `{ title, content, segment, popup?, request_key }` →
 * `{ broadcast, replayed }` (permission `campaigns`). One INSERT ... SELECT in one transaction; the same
 * request_key again sends nothing and answers the first send (replayed: true). Audited (broadcast.send).
 */
import { serveConsole } from '~/features/console/server';
import { sendOpsBroadcast } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.broadcastSend, 'campaigns', async (ctx, body, { actor, now }) => sendOpsBroadcast(ctx.db, actor, body, now));
