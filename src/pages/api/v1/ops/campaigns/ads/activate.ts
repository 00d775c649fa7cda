/**
 * POST /api/v1/ops/campaigns/ads/activate `{ id }` → OpsAdView: the ad is on the public list again
 * (its window still decides when it shows). Permission `campaigns`; audited (ad.activate).
 */
import { serveConsole } from '~/features/console/server';
import { setOpsAdActive } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.adActivate, 'campaigns', async (ctx, { id }, { actor, now }) => setOpsAdActive(ctx.db, actor, id, true, now));
