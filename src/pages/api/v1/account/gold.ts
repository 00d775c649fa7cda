/** GET /api/v1/account/gold (Bearer) → GoldOverview: coins, today's sign-in and exchanges, tasks, the latest 20 changes. */
import { signedIn } from '~/features/sign-in/server';
import { getGoldOverview } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(WALLET_WIRE.gold, signedIn, async (ctx, _input, { userId, now }) => {
  return getGoldOverview(ctx.db, userId, now);
});
