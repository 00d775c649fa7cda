/** POST /api/v1/order/renew { order_no, hours } (Bearer, Idempotency-Key) — extend a running rental, paid from the wallet → OrderView. */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { idempotencyKeyOf } from '~/server/services/idempotency';
import { renewBodySchema, renewOrder } from '~/server/services/order-lifecycle';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const key = idempotencyKeyOf(ctx.request);
  return ok(await renewOrder(ctx.db, userId, await readJson(ctx.request, renewBodySchema), key, now));
});

export const ALL = allowOnly('POST');
