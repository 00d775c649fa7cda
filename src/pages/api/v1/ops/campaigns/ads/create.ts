/**
 * POST /api/v1/ops/campaigns/ads/create `{ title, image, link?, priority 1-3, display_frequency 0-3,
 * position 0|1, start_date?, end_date? }` (dates are Shanghai days, both included) → OpsAdView (permission
 * `campaigns`). The image is a site path, normally an upload of ads/upload. Audited (ad.create).
 */
import { adCreateBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { createOpsAd } from '~/features/campaigns/server/ops-campaign-ads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, adCreateBodySchema);
  return ok(await createOpsAd(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
