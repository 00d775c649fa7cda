/**
 * GET /api/v1/ops/campaigns/exchange-codes?status=all|active|expired|disabled&page=&page_size= → Page of
 * OpsExchangeBatchView with redeemed counts (permission `campaigns`).
 */
import { exchangeBatchListQuerySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listBatches } from '~/features/campaigns/server/ops-exchange-codes';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, exchangeBatchListQuerySchema);
  return ok(await listBatches(ctx.db, query, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
