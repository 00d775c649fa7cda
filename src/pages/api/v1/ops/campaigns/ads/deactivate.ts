/**
 * POST /api/v1/ops/campaigns/ads/deactivate `{ id }` → OpsAdView: off the public list at once (kept
 * for the record). Permission `campaigns`; audited (ad.deactivate).
 */
import { opsIdBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { setOpsAdActive } from '~/features/campaigns/server/ops-campaign-ads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, opsIdBodySchema);
  return ok(await setOpsAdActive(ctx.db, actor, body.id, false, now));
});

export const ALL = opsAllowOnly('POST');
