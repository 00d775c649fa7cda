/**
 * POST /api/v1/seller/certification (Bearer) → SellerProfile.
 * POST `{ cert_type: 0, shop_name }` or `{ cert_type: 1 | 2, shop_name, details }`: apply. An
 * individual owner is approved at once once real-name verified (else 409 请先完成实名认证); a store or
 * merchant goes to review. Withdrawing is POST seller/certification/withdraw.
 */
import { certificationBodySchema } from '~/features/sellers/contract/seller';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { submitCertification } from '~/features/sellers/server/sellers';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, certificationBodySchema);
  return ok(await submitCertification(ctx.db, userId, body, now));
});

export const ALL = allowOnly('POST');
