/** GET /api/v1/seller/listings/detail?id= (Bearer, seller) → SellerListingEdit: the form's values, the login account, never the password. */
import { listingIdQuerySchema } from '~/features/sellers/contract/seller-listings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readQuery } from '~/platform/http/http';
import { getSellerListing } from '~/features/sellers/server/seller-listings';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { id } = await readQuery(ctx.url, listingIdQuerySchema);
  return ok(await getSellerListing(ctx.db, userId, id));
});

export const ALL = allowOnly('GET');
