/**
 * GET /api/v1/ops/campaigns/notices?status=&page=&page_size= → Page of OpsNoticeView, newest first
 * (permission `campaigns`). status all | active | upcoming | ended | inactive.
 */
import { noticeListQuerySchema } from '~/lib/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { listOpsNotices } from '~/server/services/ops/campaign-notices';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, noticeListQuerySchema);
  return ok(await listOpsNotices(ctx.db, query, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
