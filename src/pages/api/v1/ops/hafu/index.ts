/** GET /api/v1/ops/hafu?page=&page_size= → Page<OpsHafuDispute> (permission complaints): disputed hafu-coin settlements, oldest answer first. */
import { serveConsole } from '~/features/console/server';
import { listHafuDisputes } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';

export const { GET, HEAD, ALL } = serveConsole(ORDER_WIRE.opsHafuDisputes, 'complaints', async (ctx, query, { now }) => listHafuDisputes(ctx.db, query, now));
