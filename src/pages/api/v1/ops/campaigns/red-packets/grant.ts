/**
 * POST /api/v1/ops/campaigns/red-packets/grant `{ template_id, target, segment? | usernames?, request_key }`
 * → `{ grant, replayed }` (permission `campaigns`): one envelope to each user of the audience below the
 * per-user limit, all or nothing (400 unknown names, 409 stopped template or too few left), exactly once
 * per request_key. Audited (red_packet.grant).
 */
import { serveConsole } from '~/features/console/server';
import { grantTemplate } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.redPacketGrant, 'campaigns', async (ctx, body, { actor, now }) => grantTemplate(ctx.db, actor, body, now));
