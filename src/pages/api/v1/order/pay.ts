/**
 * POST /api/v1/order/pay { order_no, channel: wallet|alipay|wechat } (Bearer, Idempotency-Key) →
 * `{ paid: true, order }` from the wallet, or `{ paid: false, order_no, pay_no, checkout_url }`.
 */
import { signedInWithKey, payOrder } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.pay, signedInWithKey, async (ctx, body, { userId, key, now }) =>
  payOrder(ctx.db, userId, body, key, { origin: ctx.url.origin }, now),
);
