/**
 * GET /api/v1/ops/orders/detail?id= → OpsOrderDetail (permission `orders.read`, read-only): the
 * order, its timeline, payments, ledger rows and complaints. 404 订单不存在.
 */
import { opsIdQuerySchema } from '~/features/console/contract/ops-users';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { getOpsOrder } from '~/features/console/server/orders';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'orders.read', now);
  const { id } = await readQuery(ctx.url, opsIdQuerySchema);
  return ok(await getOpsOrder(ctx.db, id, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
