/**
 * POST /api/v1/order/checkout { account_id, rental_id | option, hours?, reserved?, red_packet_id? }
 * (Bearer, Idempotency-Key) → OrderView (paid from the wallet): 确认订单's one step. 403 code 1003
 * without real-name verification; 409 code 1005 when the balance is short and code 1006 when the
 * window is taken, with nothing booked.
 */
import { signedInWithKey, checkoutOrder } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.checkout, signedInWithKey, async (ctx, body, { userId, key, now }) => checkoutOrder(ctx.db, userId, body, key, now));
