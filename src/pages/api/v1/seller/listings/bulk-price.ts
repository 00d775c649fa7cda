/** POST /api/v1/seller/listings/bulk-price { ids, rental } (Bearer, seller) → SellerListingBulkAnswer; all or none. */
import { signedIn } from '~/features/sign-in/server';
import { bulkChangeSellerListingPrice } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.bulkListingPrice, signedIn, async (ctx, body, { userId, now }) => bulkChangeSellerListingPrice(ctx.db, userId, body, now));
