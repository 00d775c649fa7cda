/** POST /api/v1/vip/subscribe { plan_id } (Bearer, Idempotency-Key) — an unpaid VIP order, paid with order/pay like any order. */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { idempotencyKeyOf } from '~/server/services/idempotency';
import { subscribeBodySchema, subscribeVip } from '~/server/services/vip';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const key = idempotencyKeyOf(ctx.request);
  return ok(await subscribeVip(ctx.db, userId, await readJson(ctx.request, subscribeBodySchema), key, now));
});

export const ALL = allowOnly('POST');
