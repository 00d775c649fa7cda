/** GET /api/v1/order/detail?order_no= (Bearer) — one order as OrderView. */
import { signedIn } from '~/features/sign-in/server';
import { getOwnOrderView } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ORDER_WIRE.detail, signedIn, async (ctx, { order_no }, { userId, now }) => getOwnOrderView(ctx.db, userId, order_no, now));
