/** GET /api/v1/seller/profile (Bearer) → SellerProfile: real-name state, the certification and the shop. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { getSellerProfile } from '~/features/sellers/server/sellers';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await getSellerProfile(ctx.db, userId));
});

export const ALL = allowOnly('GET');
