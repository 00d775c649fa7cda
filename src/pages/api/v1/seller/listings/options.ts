/** GET /api/v1/seller/listings/options (Bearer, seller) → SellerListingOptions: games with platforms, zones and attributes, and the review setting. */
import { signedIn } from '~/features/sign-in/server';
import { sellerListingOptions } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

// HEAD is not served (ALL answers it 405), as it never was.
export const { GET, ALL } = serve(SELLER_WIRE.listingOptions, signedIn, async (ctx, _input, { userId }) => sellerListingOptions(ctx.db, userId));
