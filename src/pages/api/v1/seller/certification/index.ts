/**
 * POST /api/v1/seller/certification (Bearer) → SellerProfile.
 * POST `{ cert_type: 0, shop_name }` or `{ cert_type: 1 | 2, shop_name, details }`: apply. An
 * individual owner is approved at once once real-name verified (else 409 请先完成实名认证); a store or
 * merchant goes to review. Withdrawing is POST seller/certification/withdraw.
 */
import { signedIn } from '~/features/sign-in/server';
import { submitCertification } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.certify, signedIn, async (ctx, body, { userId, now }) => submitCertification(ctx.db, userId, body, now));
