/** POST /api/v1/seller/listings/delete { id } (Bearer, seller) → SellerListingDeleteAnswer: deleted, or unlisted while orders run or are to come. */
import { signedIn } from '~/features/sign-in/server';
import { deleteSellerListing } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.deleteListing, signedIn, async (ctx, { id }, { userId, now }) => deleteSellerListing(ctx.db, userId, id, now));
