/** GET /api/v1/vip/list — spec §7 vip "list": the plans and, for a signed-in caller, vip_status. Works signed out. */
import { optionalUser } from '~/features/sign-in/server';
import { listVipPlans } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(WALLET_WIRE.vipPlans, async (ctx) => {
  const now = new Date();
  const user = await optionalUser(ctx, now);
  return listVipPlans(ctx.db, user?.userId ?? null, now);
});
