/** POST /api/v1/order/renewCheck { order_no, hours } (Bearer) — spec §7 "renew check": whether the hours fit and their price. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { checkRenew, renewBodySchema } from '~/features/orders/server/order-lifecycle';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await checkRenew(ctx.db, userId, await readJson(ctx.request, renewBodySchema), now));
});

export const ALL = allowOnly('POST');
