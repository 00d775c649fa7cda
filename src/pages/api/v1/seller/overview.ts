/**
 * GET /api/v1/seller/overview (Bearer) → SellerOverview: 卖家中心's figures for today (running
 * rentals, today's rentals and earnings, frozen earnings, listings needing attention, what waits
 * for an answer). 403 code 1101 for a caller without a shop.
 */
import { signedIn } from '~/features/sign-in/server';
import { getSellerOverview } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(SELLER_WIRE.overview, signedIn, async (ctx, _input, { userId, now }) => getSellerOverview(ctx.db, userId, now));
