/**
 * GET /api/v1/order/credentials?order_no= (Bearer) — the account's login details, only for the
 * renter while the rental runs (403 before or after, 404 for anyone else). Each GET that reveals
 * them is logged (login-details access log); a HEAD shows nothing and is not.
 */
import { z } from 'zod';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { orderNoSchema } from '~/features/orders/server/orders';
import { revealSource } from '~/features/orders/server/credential-reveals';
import { getCredentials } from '~/features/orders/server/order-lifecycle';

const Query = z.object({ order_no: orderNoSchema });

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { order_no } = await readQuery(ctx.url, Query);
  const source = ctx.request.method === 'GET' ? revealSource(clientIp(ctx.astro), ctx.request) : null;
  return ok(await getCredentials(ctx.db, userId, order_no, now, source));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
