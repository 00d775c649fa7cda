/** GET /api/v1/seller/listings/options (Bearer, seller; issue 13) → SellerListingOptions: games with platforms, zones and attributes, and the review setting. */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok } from '~/server/http';
import { sellerListingOptions } from '~/server/services/seller-listings';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await sellerListingOptions(ctx.db, userId));
});

export const ALL = allowOnly('GET');
