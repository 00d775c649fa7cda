/**
 * GET /api/v1/ops/campaigns/red-packets/grants?template_id=&page=&page_size= → Page of
 * OpsRedPacketGrantView, newest first (permission `campaigns`).
 */
import { redPacketGrantListQuerySchema } from '~/lib/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { listGrants } from '~/server/services/ops/red-packet-campaigns';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, redPacketGrantListQuerySchema);
  return ok(await listGrants(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
