/**
 * POST /api/v1/ops/campaigns/notices/create `{ title, content, starts_at?, ends_at? }` (ISO 8601;
 * default from now, until withdrawn) → OpsNoticeView (permission `campaigns`). Audited (notice.create).
 */
import { noticeCreateBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { createOpsNotice } from '~/features/campaigns/server/ops-campaign-notices';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, noticeCreateBodySchema);
  return ok(await createOpsNotice(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
