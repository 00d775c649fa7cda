/** GET /api/v1/order/hafu?order_no= (Bearer) → HafuSettlementView: the renter's hafu-coin settlement; 404 for another user's order or one without a prepay. */
import { signedIn } from '~/features/sign-in/server';
import { getRenterHafu } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ORDER_WIRE.hafu, signedIn, async (ctx, { order_no }, { userId, now }) => getRenterHafu(ctx.db, userId, order_no, now));
