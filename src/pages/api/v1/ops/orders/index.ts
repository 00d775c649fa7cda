/**
 * GET /api/v1/ops/orders?page&page_size&q&user_id&listing_id&state&kind&from&to → Page of
 * OpsOrderRow (permission `orders.read`, read-only): newest first.
 */
import { serveConsole, searchOrders } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.orders, 'orders.read', async (ctx, query, { now }) => searchOrders(ctx.db, query, now));
