/** POST /api/v1/vip/subscribe { plan_id } (Bearer, Idempotency-Key) — an unpaid VIP order, paid with order/pay like any order. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { idempotencyKeyOf } from '~/platform/db/idempotency';
import { subscribeBodySchema, subscribeVip } from '~/features/wallet/server/vip';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const key = idempotencyKeyOf(ctx.request);
  return ok(await subscribeVip(ctx.db, userId, await readJson(ctx.request, subscribeBodySchema), key, now));
});

export const ALL = allowOnly('POST');
