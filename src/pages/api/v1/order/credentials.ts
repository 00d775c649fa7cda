/**
 * GET /api/v1/order/credentials?order_no= (Bearer) — the account's login details, only for the
 * renter while the rental runs (403 before or after, 404 for anyone else). Each GET that reveals
 * them is logged (login-details access log); a HEAD shows nothing and is not.
 */
import { signedIn } from '~/features/sign-in/server';
import { clientIp } from '~/platform/http/client-ip';
import { revealSource, getCredentials } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ORDER_WIRE.credentials, signedIn, async (ctx, { order_no }, { userId, now }) => {
  const source = ctx.request.method === 'GET' ? revealSource(clientIp(ctx.astro), ctx.request) : null;
  return getCredentials(ctx.db, userId, order_no, now, source);
});
