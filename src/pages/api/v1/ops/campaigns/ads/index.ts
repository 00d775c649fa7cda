/**
 * GET /api/v1/ops/campaigns/ads?status=&position=&page=&page_size= → Page of OpsAdView, newest first
 * (permission `campaigns`). status all | active | upcoming | ended | inactive (at the request's time).
 */
import { serveConsole } from '~/features/console/server';
import { listOpsAds } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.adList, 'campaigns', async (ctx, query, { now }) => listOpsAds(ctx.db, query, now));
