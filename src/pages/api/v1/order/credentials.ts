/** GET /api/v1/order/credentials?order_no= (Bearer) — the account's login details, only for the renter while the rental runs (403 before or after, 404 for anyone else). */
import { z } from 'zod';
import { requireUser } from '~/server/auth';
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { orderNoSchema } from '~/server/services/orders';
import { getCredentials } from '~/server/services/order-lifecycle';

const Query = z.object({ order_no: orderNoSchema });

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { order_no } = await readQuery(ctx.url, Query);
  return ok(await getCredentials(ctx.db, userId, order_no, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
