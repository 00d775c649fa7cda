/**
 * GET /api/v1/ops/campaigns/broadcasts?page=&page_size= → Page of OpsBroadcastView, newest first, with
 * each broadcast's recipients and sender (permission `campaigns`).
 */
import { serveConsole } from '~/features/console/server';
import { listOpsBroadcasts } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.broadcastList, 'campaigns', async (ctx, query) => listOpsBroadcasts(ctx.db, query));
