/**
 * POST /api/v1/ops/campaigns/ads/create `{ title, image, link?, priority 1-3, display_frequency 0-3,
 * position 0|1, start_date?, end_date? }` (dates are Shanghai days, both included) → OpsAdView (permission
 * `campaigns`). The image is a site path, normally an upload of ads/upload. Audited (ad.create).
 */
import { serveConsole } from '~/features/console/server';
import { createOpsAd } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.adCreate, 'campaigns', async (ctx, body, { actor, now }) => createOpsAd(ctx.db, actor, body, now));
