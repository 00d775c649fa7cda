/**
 * POST /api/v1/ops/campaigns/red-packets/grant-preview `{ template_id, target, segment? | usernames? }` →
 * RedPacketGrantPreview: who would get one, who is skipped at the per-user limit, unknown names, and
 * why the grant would be refused (null when it would go through). Reads only. Permission `campaigns`.
 */
import { serveConsole } from '~/features/console/server';
import { previewGrant } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.redPacketGrantPreview, 'campaigns', async (ctx, body, { now }) => previewGrant(ctx.db, body, now));
