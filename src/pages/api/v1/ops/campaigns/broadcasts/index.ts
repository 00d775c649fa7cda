/**
 * GET /api/v1/ops/campaigns/broadcasts?page=&page_size= → Page of OpsBroadcastView, newest first, with
 * each broadcast's recipients and sender (permission `campaigns`).
 */
import { broadcastListQuerySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listOpsBroadcasts } from '~/features/campaigns/server/ops-campaign-broadcasts';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, broadcastListQuerySchema);
  return ok(await listOpsBroadcasts(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
