/**
 * GET /api/v1/ops/sellers/shops?page&page_size&cert_type&q → Page of OpsShopView (permission
 * `sellers`): every shop, newest first, with listings, orders and complaints counted.
 */
import { serveConsole } from '~/features/console/server';
import { listShopsForOps } from '~/features/sellers/server';
import { OPS_SELLER_WIRE } from '~/features/sellers/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_SELLER_WIRE.shops, 'sellers', async (ctx, query) => listShopsForOps(ctx.db, query));
