/** POST /api/v1/seller/listings/create (Bearer, seller) → SellerListingSaved: pending review when review is on, on the shelf at once when it is off. */
import { signedIn } from '~/features/sign-in/server';
import { createSellerListing } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.createListing, signedIn, async (ctx, body, { userId, now }) => createSellerListing(ctx.db, userId, body, now));
