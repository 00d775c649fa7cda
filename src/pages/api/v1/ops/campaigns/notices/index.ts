/**
 * GET /api/v1/ops/campaigns/notices?status=&page=&page_size= → Page of OpsNoticeView, newest first
 * (permission `campaigns`). status all | active | upcoming | ended | inactive.
 */
import { noticeListQuerySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listOpsNotices } from '~/features/campaigns/server/ops-campaign-notices';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, noticeListQuerySchema);
  return ok(await listOpsNotices(ctx.db, query, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
