/**
 * POST /api/v1/detail/chargeAccount { order_no, amount: "12.50" } (Bearer, Idempotency-Key) — spec §7
 * "POST charge account": the hafu-coin prepay of a running rental, from the wallet → OrderView.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { idempotencyKeyOf } from '~/platform/db/idempotency';
import { chargeBodySchema, chargeGameMoney } from '~/features/orders/server/order-lifecycle';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const key = idempotencyKeyOf(ctx.request);
  return ok(await chargeGameMoney(ctx.db, userId, await readJson(ctx.request, chargeBodySchema), key, now));
});

export const ALL = allowOnly('POST');
