/** GET /api/v1/account/wallets (Bearer) — spec §7 "GET my wallets": `{ walletsInfo }` (docs/money-api.md). */
import { signedIn } from '~/features/sign-in/server';
import { getWalletInfo } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(WALLET_WIRE.wallets, signedIn, async (ctx, _input, { userId, now }) => {
  return { walletsInfo: await getWalletInfo(ctx.db, userId, now) };
});
