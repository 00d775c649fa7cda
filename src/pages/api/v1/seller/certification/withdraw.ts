/** POST /api/v1/seller/certification/withdraw (Bearer; issue 13) — withdraws an application under review back to a draft → SellerProfile. */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok } from '~/server/http';
import { withdrawCertification } from '~/server/services/sellers';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await withdrawCertification(ctx.db, userId, now));
});

export const ALL = allowOnly('POST');
