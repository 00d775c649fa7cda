/**
 * GET /api/v1/ops/campaigns/red-packets?status=all|active|inactive&page=&page_size= → Page of
 * OpsRedPacketTemplateView with limits and usage (unused, used, expired). Permission `campaigns`.
 */
import { serveConsole } from '~/features/console/server';
import { listTemplates } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.redPacketList, 'campaigns', async (ctx, query, { now }) => listTemplates(ctx.db, query, now));
