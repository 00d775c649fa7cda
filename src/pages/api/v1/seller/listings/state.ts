/** POST /api/v1/seller/listings/state { id, state: on_shelf | off_shelf | maintenance } (Bearer, seller) → SellerListingStateAnswer. */
import { signedIn } from '~/features/sign-in/server';
import { changeSellerListingState } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.listingState, signedIn, async (ctx, body, { userId, now }) => changeSellerListingState(ctx.db, userId, body, now));
