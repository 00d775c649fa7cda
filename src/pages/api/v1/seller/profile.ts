/** GET /api/v1/seller/profile (Bearer; issue 13) → SellerProfile: real-name state, the certification and the shop. */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok } from '~/server/http';
import { getSellerProfile } from '~/server/services/sellers';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await getSellerProfile(ctx.db, userId));
});

export const ALL = allowOnly('GET');
