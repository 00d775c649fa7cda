/**
 * GET /api/v1/ops/orders?page&page_size&q&user_id&listing_id&state&kind&from&to → Page of
 * OpsOrderRow (permission `orders.read`, read-only): newest first.
 */
import { opsOrdersQuerySchema } from '~/features/console/contract/ops-users';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { searchOrders } from '~/features/console/server/orders';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'orders.read', now);
  const query = await readQuery(ctx.url, opsOrdersQuerySchema);
  return ok(await searchOrders(ctx.db, query, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
