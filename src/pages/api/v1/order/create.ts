/**
 * POST /api/v1/order/create { account_id, rental_id | option, hours?, reserved?, red_packet_id? }
 * (Bearer, Idempotency-Key) → OrderView (unpaid). 403 code 1003 without real-name verification;
 * 409 code 1006 该账号此时段已被租用 when the window is taken.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { idempotencyKeyOf } from '~/platform/db/idempotency';
import { createOrder, rentalRequestSchema } from '~/features/orders/server/orders';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const key = idempotencyKeyOf(ctx.request);
  const body = await readJson(ctx.request, rentalRequestSchema);
  return ok(await createOrder(ctx.db, userId, body, key, now));
});

export const ALL = allowOnly('POST');
