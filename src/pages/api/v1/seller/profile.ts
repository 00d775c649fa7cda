/** GET /api/v1/seller/profile (Bearer) → SellerProfile: real-name state, the certification and the shop. */
import { signedIn } from '~/features/sign-in/server';
import { getSellerProfile } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

// HEAD is not served (ALL answers it 405), as it never was.
export const { GET, ALL } = serve(SELLER_WIRE.profile, signedIn, async (ctx, _input, { userId }) => getSellerProfile(ctx.db, userId));
