/**
 * GET /api/v1/seller/listings/credentials?id= (Bearer, seller) → { login_account,
 * login_password }: the owner's own login details, on an explicit ask (the 显示密码 button) only.
 * Another shop's listing answers 404 like a missing one. Each reveal is logged.
 */
import { signedIn } from '~/features/sign-in/server';
import { revealSource } from '~/features/orders/server';
import { getSellerListingCredentials } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { clientIp } from '~/platform/http/client-ip';
import { serve } from '~/platform/http/serve';

// HEAD is not served (ALL answers it 405): it would log a reveal that shows nothing.
export const { GET, ALL } = serve(SELLER_WIRE.listingCredentials, signedIn, async (ctx, { id }, { userId, now }) =>
  getSellerListingCredentials(ctx.db, userId, id, now, revealSource(clientIp(ctx.astro), ctx.request)),
);
