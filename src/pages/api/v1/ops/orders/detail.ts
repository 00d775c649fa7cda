/**
 * GET /api/v1/ops/orders/detail?id= → OpsOrderDetail (permission `orders.read`, read-only): the
 * order, its timeline, payments, ledger rows and complaints. 404 订单不存在.
 */
import { serveConsole, getOpsOrder } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.order, 'orders.read', async (ctx, { id }, { now }) => getOpsOrder(ctx.db, id, now));
