/** POST /api/v1/seller/certification/withdraw (Bearer) — withdraws an application under review back to a draft → SellerProfile. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { withdrawCertification } from '~/features/sellers/server/sellers';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await withdrawCertification(ctx.db, userId, now));
});

export const ALL = allowOnly('POST');
