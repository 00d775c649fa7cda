/** POST /api/v1/order/renew { order_no, hours } (Bearer, Idempotency-Key) — extend a running rental, paid from the wallet → OrderView. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { idempotencyKeyOf } from '~/platform/db/idempotency';
import { renewBodySchema, renewOrder } from '~/features/orders/server/order-lifecycle';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const key = idempotencyKeyOf(ctx.request);
  return ok(await renewOrder(ctx.db, userId, await readJson(ctx.request, renewBodySchema), key, now));
});

export const ALL = allowOnly('POST');
