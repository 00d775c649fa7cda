/**
 * POST /api/v1/account/goldExchange (Bearer) → GoldOverview: coins for one no-threshold red
 * envelope. 409 金币不足 / 今日兑换次数已用完.
 */
import { signedIn } from '~/features/sign-in/server';
import { exchangeGold } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(WALLET_WIRE.exchangeGold, signedIn, async (ctx, _input, { userId, now }) => {
  return exchangeGold(ctx.db, userId, now);
});
