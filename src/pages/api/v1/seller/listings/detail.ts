/** GET /api/v1/seller/listings/detail?id= (Bearer, seller; issue 13) → SellerListingEdit: the form's values, the login account, never the password. */
import { listingIdQuerySchema } from '~/lib/contract/seller-listings';
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readQuery } from '~/server/http';
import { getSellerListing } from '~/server/services/seller-listings';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { id } = await readQuery(ctx.url, listingIdQuerySchema);
  return ok(await getSellerListing(ctx.db, userId, id));
});

export const ALL = allowOnly('GET');
