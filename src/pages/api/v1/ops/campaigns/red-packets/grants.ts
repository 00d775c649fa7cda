/**
 * GET /api/v1/ops/campaigns/red-packets/grants?template_id=&page=&page_size= → Page of
 * OpsRedPacketGrantView, newest first (permission `campaigns`).
 */
import { redPacketGrantListQuerySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listGrants } from '~/features/campaigns/server/ops-red-packet-campaigns';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, redPacketGrantListQuerySchema);
  return ok(await listGrants(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
