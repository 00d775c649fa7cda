/** GET /api/v1/free/orders?page=&page_size= (Bearer) — the user's free orders, newest first (spec §7 free "orders"). */
import { signedIn } from '~/features/sign-in/server';
import { listFreeOrders } from '~/features/free/server';
import { FREE_WIRE } from '~/features/free/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(FREE_WIRE.orders, signedIn, async (ctx, query, { userId, now }) => listFreeOrders(ctx.db, userId, query, now));
