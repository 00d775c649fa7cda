/**
 * POST /api/v1/account/recharge { amount: "100.00", channel: alipay|wechat } (Bearer, Idempotency-Key)
 * → `{ order_no, pay_no, checkout_url }`. Needs real-name verification (403 code 1003).
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { idempotencyKeyOf } from '~/platform/db/idempotency';
import { createRecharge, rechargeBodySchema } from '~/features/orders/server/order-payment';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const key = idempotencyKeyOf(ctx.request);
  const body = await readJson(ctx.request, rechargeBodySchema);
  return ok(await createRecharge(ctx.db, userId, body, key, { origin: ctx.url.origin }, now));
});

export const ALL = allowOnly('POST');
