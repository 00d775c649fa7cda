/**
 * POST /api/v1/ops/campaigns/red-packets/create `{ name, type 1|2, min_order_amount_fen,
 * discount_percentage | discount_amount_fen, max_discount_amount_fen?, valid_days, per_user_limit, total_limit? }`
 * → OpsRedPacketTemplateView (permission `campaigns`). Audited (red_packet_template.create).
 */
import { redPacketTemplateBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { createTemplate } from '~/features/campaigns/server/ops-red-packet-campaigns';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, redPacketTemplateBodySchema);
  return ok(await createTemplate(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
