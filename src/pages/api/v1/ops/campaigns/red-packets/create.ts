/**
 * POST /api/v1/ops/campaigns/red-packets/create `{ name, type 1|2, min_order_amount_fen,
 * discount_percentage | discount_amount_fen, max_discount_amount_fen?, valid_days, per_user_limit, total_limit? }`
 * → OpsRedPacketTemplateView (permission `campaigns`). Audited (red_packet_template.create).
 */
import { serveConsole } from '~/features/console/server';
import { createTemplate } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.redPacketCreate, 'campaigns', async (ctx, body, { actor, now }) => createTemplate(ctx.db, actor, body, now));
