/**
 * GET /api/v1/seller/earnings?page=&page_size=&sort=earnings_desc|earnings_asc|rentals_desc (Bearer;
 *) → SellerEarnings: frozen, released, this month, commission, the wallet balance, the
 * 30-day series and one page of listing statistics. 403 code 1101 for a caller without a shop.
 */
import { signedIn } from '~/features/sign-in/server';
import { getSellerEarnings } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(SELLER_WIRE.earnings, signedIn, async (ctx, query, { userId, now }) => getSellerEarnings(ctx.db, userId, query, now));
