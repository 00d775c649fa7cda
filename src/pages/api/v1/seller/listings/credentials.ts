/**
 * GET /api/v1/seller/listings/credentials?id= (Bearer, seller) → { login_account,
 * login_password }: the owner's own login details, on an explicit ask (the 显示密码 button) only.
 * Another shop's listing answers 404 like a missing one. Each reveal is logged.
 */
import { listingIdQuerySchema } from '~/features/sellers/contract/seller-listings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, handle, ok, readQuery } from '~/platform/http/http';
import { revealSource } from '~/features/orders/server/credential-reveals';
import { getSellerListingCredentials } from '~/features/sellers/server/seller-listings';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { id } = await readQuery(ctx.url, listingIdQuerySchema);
  return ok(await getSellerListingCredentials(ctx.db, userId, id, now, revealSource(clientIp(ctx.astro), ctx.request)));
});

export const ALL = allowOnly('GET');
