/** GET /api/v1/seller/listings/options (Bearer, seller) → SellerListingOptions: games with platforms, zones and attributes, and the review setting. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { sellerListingOptions } from '~/features/sellers/server/seller-listings';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await sellerListingOptions(ctx.db, userId));
});

export const ALL = allowOnly('GET');
