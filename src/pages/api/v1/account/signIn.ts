/** POST /api/v1/account/signIn (Bearer) → GoldOverview; once per Shanghai day, else 409 今日已签到. */
import { signedIn } from '~/features/sign-in/server';
import { signIn } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(WALLET_WIRE.signIn, signedIn, async (ctx, _input, { userId, now }) => {
  return signIn(ctx.db, userId, now);
});
