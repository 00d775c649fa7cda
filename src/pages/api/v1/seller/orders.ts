/**
 * GET /api/v1/seller/orders?filter=all|unpaid|running|finished|cancelled&page=&page_size= (Bearer;
 *) → Page<SellerOrder>: the rental orders on the caller's listings, newest first, the
 * renter masked as 租客***, with the seller's earnings and the complaints. 403 code 1101 for a
 * caller without a shop.
 */
import { signedIn } from '~/features/sign-in/server';
import { listSellerOrders } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(SELLER_WIRE.orders, signedIn, async (ctx, query, { userId, now }) => listSellerOrders(ctx.db, userId, query, now));
