/** GET /api/v1/seller/listings?state=&page=&page_size= (Bearer, seller; issue 13) → Page<SellerListingRow>, newest first, deleted ones left out. */
import { sellerListingsQuerySchema } from '~/lib/contract/seller-listings';
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readQuery } from '~/server/http';
import { listSellerListings } from '~/server/services/seller-listings';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const query = await readQuery(ctx.url, sellerListingsQuerySchema);
  return ok(await listSellerListings(ctx.db, userId, query));
});

export const ALL = allowOnly('GET');
