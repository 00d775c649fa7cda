/** POST /api/v1/order/cancel { order_no } (Bearer) — cancel unpaid, or cancel early with the spec §4 refund → OrderView. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { cancelOrder, orderNoBodySchema } from '~/features/orders/server/order-lifecycle';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { order_no } = await readJson(ctx.request, orderNoBodySchema);
  return ok(await cancelOrder(ctx.db, userId, order_no, now));
});

export const ALL = allowOnly('POST');
