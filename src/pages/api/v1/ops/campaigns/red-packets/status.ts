/**
 * POST /api/v1/ops/campaigns/red-packets/status `{ id, active }` → OpsRedPacketTemplateView: a stopped
 * template is neither granted nor redeemed by exchange codes. Permission `campaigns`; audited.
 */
import { redPacketTemplateActiveBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { setTemplateActive } from '~/features/campaigns/server/ops-red-packet-campaigns';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, redPacketTemplateActiveBodySchema);
  return ok(await setTemplateActive(ctx.db, actor, body.id, body.active, now));
});

export const ALL = opsAllowOnly('POST');
