/**
 * POST /api/v1/ops/campaigns/red-packets/grant `{ template_id, target, segment? | usernames?, request_key }`
 * → `{ grant, replayed }` (permission `campaigns`): one envelope to each user of the audience below the
 * per-user limit, all or nothing (400 unknown names, 409 stopped template or too few left), exactly once
 * per request_key. Audited (red_packet.grant).
 */
import { redPacketGrantBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { grantTemplate } from '~/features/campaigns/server/ops-red-packet-campaigns';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, redPacketGrantBodySchema);
  return ok(await grantTemplate(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
