/** POST /api/v1/seller/listings/bulk-state { ids, state: on_shelf | off_shelf } (Bearer, seller) → SellerListingBulkAnswer; all or none. */
import { signedIn } from '~/features/sign-in/server';
import { bulkChangeSellerListingState } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.bulkListingState, signedIn, async (ctx, body, { userId, now }) => bulkChangeSellerListingState(ctx.db, userId, body, now));
