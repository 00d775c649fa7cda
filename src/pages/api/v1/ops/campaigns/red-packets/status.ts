/**
 * POST /api/v1/ops/campaigns/red-packets/status `{ id, active }` → OpsRedPacketTemplateView: a stopped
 * template is neither granted nor redeemed by exchange codes. Permission `campaigns`; audited.
 */
import { serveConsole } from '~/features/console/server';
import { setTemplateActive } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.redPacketStatus, 'campaigns', async (ctx, { id, active }, { actor, now }) => setTemplateActive(ctx.db, actor, id, active, now));
