/**
 * POST /api/v1/ops/campaigns/notices/deactivate `{ id }` → OpsNoticeView: withdrawn at once (kept for
 * the record). Permission `campaigns`; audited.
 */
import { opsIdBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { setOpsNoticeActive } from '~/features/campaigns/server/ops-campaign-notices';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, opsIdBodySchema);
  return ok(await setOpsNoticeActive(ctx.db, actor, body.id, false, now));
});

export const ALL = opsAllowOnly('POST');
