/**
 * POST /api/v1/order/pay { order_no, channel: wallet|alipay|wechat } (Bearer, Idempotency-Key) →
 * `{ paid: true, order }` from the wallet, or `{ paid: false, order_no, pay_no, checkout_url }`.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { idempotencyKeyOf } from '~/platform/db/idempotency';
import { payBodySchema, payOrder } from '~/features/orders/server/order-payment';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const key = idempotencyKeyOf(ctx.request);
  const body = await readJson(ctx.request, payBodySchema);
  return ok(await payOrder(ctx.db, userId, body, key, { origin: ctx.url.origin }, now));
});

export const ALL = allowOnly('POST');
