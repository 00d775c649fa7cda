/**
 * POST /api/v1/ops/campaigns/ads/activate `{ id }` → OpsAdView: the ad is on the public list again
 * (its window still decides when it shows). Permission `campaigns`; audited (ad.activate).
 */
import { opsIdBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { setOpsAdActive } from '~/features/campaigns/server/ops-campaign-ads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, opsIdBodySchema);
  return ok(await setOpsAdActive(ctx.db, actor, body.id, true, now));
});

export const ALL = opsAllowOnly('POST');
