/**
 * GET /api/v1/ops/campaigns/broadcasts/recipients?segment=all|vip|sellers → `{ segment, segment_label,
 * recipients }`: how many users a broadcast would reach now (the confirm shows it before sending).
 */
import { serveConsole } from '~/features/console/server';
import { broadcastRecipients } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.broadcastRecipients, 'campaigns', async (ctx, { segment }, { now }) => broadcastRecipients(ctx.db, segment, now));
