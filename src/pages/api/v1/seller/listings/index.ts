/** GET /api/v1/seller/listings?state=&page=&page_size= (Bearer, seller) → Page<SellerListingRow>, newest first, deleted ones left out. */
import { signedIn } from '~/features/sign-in/server';
import { listSellerListings } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

// HEAD is not served (ALL answers it 405), as it never was.
export const { GET, ALL } = serve(SELLER_WIRE.listings, signedIn, async (ctx, query, { userId }) => listSellerListings(ctx.db, userId, query));
