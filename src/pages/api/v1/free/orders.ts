/** GET /api/v1/free/orders?page=&page_size= (Bearer) — the user's free orders, newest first (spec §7 free "orders"). */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { freeOrdersQuerySchema, listFreeOrders } from '~/features/free/server/free-orders';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await listFreeOrders(ctx.db, userId, await readQuery(ctx.url, freeOrdersQuerySchema), now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
