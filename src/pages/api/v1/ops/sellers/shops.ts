/**
 * GET /api/v1/ops/sellers/shops?page&page_size&cert_type&q → Page of OpsShopView (permission
 * `sellers`): every shop, newest first, with listings, orders and complaints counted.
 */
import { opsShopsQuerySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listShopsForOps } from '~/features/sellers/server/ops-sellers';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'sellers');
  const query = await readQuery(ctx.url, opsShopsQuerySchema);
  return ok(await listShopsForOps(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
