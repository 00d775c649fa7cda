/**
 * POST /api/v1/ops/campaigns/notices/update `{ id, title, content, starts_at?, ends_at? }` → OpsNoticeView
 * (permission `campaigns`); 404 通知不存在, 400 when the end is not after the start. Audited (notice.update).
 */
import { noticeUpdateBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { updateOpsNotice } from '~/features/campaigns/server/ops-campaign-notices';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, noticeUpdateBodySchema);
  return ok(await updateOpsNotice(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
