/** GET /api/v1/seller/listings?state=&page=&page_size= (Bearer, seller) → Page<SellerListingRow>, newest first, deleted ones left out. */
import { sellerListingsQuerySchema } from '~/features/sellers/contract/seller-listings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readQuery } from '~/platform/http/http';
import { listSellerListings } from '~/features/sellers/server/seller-listings';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const query = await readQuery(ctx.url, sellerListingsQuerySchema);
  return ok(await listSellerListings(ctx.db, userId, query));
});

export const ALL = allowOnly('GET');
