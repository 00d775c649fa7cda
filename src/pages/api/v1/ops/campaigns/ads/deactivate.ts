/**
 * POST /api/v1/ops/campaigns/ads/deactivate `{ id }` → OpsAdView: off the public list at once (kept
 * for the record). Permission `campaigns`; audited (ad.deactivate).
 */
import { serveConsole } from '~/features/console/server';
import { setOpsAdActive } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.adDeactivate, 'campaigns', async (ctx, { id }, { actor, now }) => setOpsAdActive(ctx.db, actor, id, false, now));
