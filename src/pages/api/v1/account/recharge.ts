/**
 * POST /api/v1/account/recharge { amount: "100.00", channel: alipay|wechat } (Bearer, Idempotency-Key)
 * → `{ order_no, pay_no, checkout_url }`. Needs real-name verification (403 code 1003).
 */
import { signedInWithKey, createRecharge } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.recharge, signedInWithKey, async (ctx, body, { userId, key, now }) =>
  createRecharge(ctx.db, userId, body, key, { origin: ctx.url.origin }, now),
);
