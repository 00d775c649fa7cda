/** GET /api/v1/seller/listings/detail?id= (Bearer, seller) → SellerListingEdit: the form's values, the login account, never the password. */
import { signedIn } from '~/features/sign-in/server';
import { getSellerListing } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

// HEAD is not served (ALL answers it 405), as it never was.
export const { GET, ALL } = serve(SELLER_WIRE.listingDetail, signedIn, async (ctx, { id }, { userId }) => getSellerListing(ctx.db, userId, id));
