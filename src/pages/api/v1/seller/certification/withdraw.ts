/** POST /api/v1/seller/certification/withdraw (Bearer) — withdraws an application under review back to a draft → SellerProfile. */
import { signedIn } from '~/features/sign-in/server';
import { withdrawCertification } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.withdrawCertification, signedIn, async (ctx, _input, { userId, now }) => withdrawCertification(ctx.db, userId, now));
