/**
 * GET /api/v1/ops/campaigns/red-packets/grants?template_id=&page=&page_size= → Page of
 * OpsRedPacketGrantView, newest first (permission `campaigns`).
 */
import { serveConsole } from '~/features/console/server';
import { listGrants } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.redPacketGrants, 'campaigns', async (ctx, query) => listGrants(ctx.db, query));
