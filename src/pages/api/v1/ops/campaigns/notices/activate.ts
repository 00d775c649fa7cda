/**
 * POST /api/v1/ops/campaigns/notices/activate `{ id }` → OpsNoticeView (permission `campaigns`; audited).
 */
import { opsIdBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { setOpsNoticeActive } from '~/features/campaigns/server/ops-campaign-notices';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, opsIdBodySchema);
  return ok(await setOpsNoticeActive(ctx.db, actor, body.id, true, now));
});

export const ALL = opsAllowOnly('POST');
