/**
 * POST /api/v1/ops/campaigns/red-packets/grant-preview `{ template_id, target, segment? | usernames? }` →
 * RedPacketGrantPreview: who would get one, who is skipped at the per-user limit, unknown names, and
 * why the grant would be refused (null when it would go through). Reads only. Permission `campaigns`.
 */
import { redPacketGrantPreviewBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { previewGrant } from '~/features/campaigns/server/ops-red-packet-campaigns';

export const POST = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, redPacketGrantPreviewBodySchema);
  return ok(await previewGrant(ctx.db, body, now));
});

export const ALL = opsAllowOnly('POST');
