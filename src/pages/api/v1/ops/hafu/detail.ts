/** GET /api/v1/ops/hafu/detail?order_no= → HafuSettlementView (permission complaints); 404 without a settlement. */
import { serveConsole } from '~/features/console/server';
import { getOpsHafu } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';

export const { GET, HEAD, ALL } = serveConsole(ORDER_WIRE.opsHafuDetail, 'complaints', async (ctx, { order_no }, { now }) => getOpsHafu(ctx.db, order_no, now));
