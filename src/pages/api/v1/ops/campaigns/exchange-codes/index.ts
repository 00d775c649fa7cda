/**
 * GET /api/v1/ops/campaigns/exchange-codes?status=all|active|expired|disabled&page=&page_size= → Page of
 * OpsExchangeBatchView with redeemed counts (permission `campaigns`).
 */
import { serveConsole } from '~/features/console/server';
import { listBatches } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.exchangeBatchList, 'campaigns', async (ctx, query, { now }) => listBatches(ctx.db, query, now));
