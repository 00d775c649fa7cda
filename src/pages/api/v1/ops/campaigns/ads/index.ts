/**
 * GET /api/v1/ops/campaigns/ads?status=&position=&page=&page_size= → Page of OpsAdView, newest first
 * (permission `campaigns`). status all | active | upcoming | ended | inactive (at the request's time).
 */
import { adListQuerySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listOpsAds } from '~/features/campaigns/server/ops-campaign-ads';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, adListQuerySchema);
  return ok(await listOpsAds(ctx.db, query, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
