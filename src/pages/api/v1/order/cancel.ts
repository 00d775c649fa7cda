/** POST /api/v1/order/cancel { order_no } (Bearer) — cancel unpaid, or cancel early with the spec §4 refund → OrderView. */
import { signedIn } from '~/features/sign-in/server';
import { cancelOrder } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.cancel, signedIn, async (ctx, { order_no }, { userId, now }) => cancelOrder(ctx.db, userId, order_no, now));
