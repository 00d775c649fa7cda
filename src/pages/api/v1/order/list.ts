/** GET /api/v1/order/list?filter=all|unpaid|running|finished|cancelled&page=&page_size= (Bearer) — the user's rental orders, newest first. */
import { signedIn } from '~/features/sign-in/server';
import { listOrders } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ORDER_WIRE.list, signedIn, async (ctx, query, { userId, now }) => listOrders(ctx.db, userId, query, now));
