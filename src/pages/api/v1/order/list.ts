/** GET /api/v1/order/list?filter=all|unpaid|running|finished|cancelled&page=&page_size= (Bearer) — the user's rental orders, newest first. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listOrders, orderListQuerySchema } from '~/features/orders/server/orders';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await listOrders(ctx.db, userId, await readQuery(ctx.url, orderListQuerySchema), now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
