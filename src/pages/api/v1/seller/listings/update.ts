/** POST /api/v1/seller/listings/update (Bearer, seller) → SellerListingSaved; 404 for another shop's listing, 409 for new login details during a running rental. */
import { signedIn } from '~/features/sign-in/server';
import { updateSellerListing } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.updateListing, signedIn, async (ctx, body, { userId, now }) => updateSellerListing(ctx.db, userId, body, now));
