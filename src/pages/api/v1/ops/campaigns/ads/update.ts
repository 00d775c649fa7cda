/**
 * POST /api/v1/ops/campaigns/ads/update `{ id, ...every field of create }` → OpsAdView (permission
 * `campaigns`); 404 广告不存在. Audited with the ad before and after (ad.update).
 */
import { serveConsole } from '~/features/console/server';
import { updateOpsAd } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.adUpdate, 'campaigns', async (ctx, body, { actor, now }) => updateOpsAd(ctx.db, actor, body, now));
