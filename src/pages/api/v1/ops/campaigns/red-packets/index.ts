/**
 * GET /api/v1/ops/campaigns/red-packets?status=all|active|inactive&page=&page_size= → Page of
 * OpsRedPacketTemplateView with limits and usage (unused, used, expired). Permission `campaigns`.
 */
import { redPacketTemplateListQuerySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listTemplates } from '~/features/campaigns/server/ops-red-packet-campaigns';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, redPacketTemplateListQuerySchema);
  return ok(await listTemplates(ctx.db, query, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
