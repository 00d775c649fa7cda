/**
 * POST /api/v1/free/createOrder { account_id } (Bearer, Idempotency-Key) → OrderView of a free
 * rental, already running (spec §7 free "create order"). 403 code 1003 without real-name
 * verification; 400 without an offer running now; 409 once today's free rentals are used;
 * 409 code 1006 该账号此时段已被租用 when the window is taken.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { createFreeOrder, freeOrderRequestSchema } from '~/features/free/server/free-orders';
import { idempotencyKeyOf } from '~/platform/db/idempotency';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const key = idempotencyKeyOf(ctx.request);
  const body = await readJson(ctx.request, freeOrderRequestSchema);
  return ok(await createFreeOrder(ctx.db, userId, body, key, now));
});

export const ALL = allowOnly('POST');
