/**
 * POST /api/v1/order/create { account_id, rental_id | option, hours?, reserved?, red_packet_id? }
 * (Bearer, Idempotency-Key) → OrderView (unpaid). 403 code 1003 without real-name verification;
 * 409 code 1006 该账号此时段已被租用 when the window is taken.
 */
import { signedInWithKey, createOrder } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.create, signedInWithKey, async (ctx, body, { userId, key, now }) => createOrder(ctx.db, userId, body, key, now));
