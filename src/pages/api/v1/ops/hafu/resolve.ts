/**
 * POST /api/v1/ops/hafu/resolve { order_no, coins_left, text } → HafuSettlementView (permission
 * complaints): the final count of a disputed hafu-coin settlement; settles it and writes the audit
 * row in one transaction. 409 when it is not disputed (already settled: two agents at once, one wins).
 */
import { serveConsole } from '~/features/console/server';
import { resolveHafuDispute } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';

export const { POST, ALL } = serveConsole(ORDER_WIRE.opsHafuResolve, 'complaints', async (ctx, body, { actor, now }) => resolveHafuDispute(ctx.db, actor, body, now));
