/**
 * POST /api/v1/ops/campaigns/ads/update `{ id, ...every field of create }` → OpsAdView (permission
 * `campaigns`); 404 广告不存在. Audited with the ad before and after (ad.update).
 */
import { adUpdateBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { updateOpsAd } from '~/features/campaigns/server/ops-campaign-ads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, adUpdateBodySchema);
  return ok(await updateOpsAd(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
