/** POST /api/v1/order/renew { order_no, hours } (Bearer, Idempotency-Key) — extend a running rental, paid from the wallet → OrderView. */
import { signedInWithKey, renewOrder } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.renew, signedInWithKey, async (ctx, body, { userId, key, now }) => renewOrder(ctx.db, userId, body, key, now));
