/** GET /api/v1/account/fundsDetail?direction=all|in|out&page=&page_size= (Bearer) — 资金明细, one row per balance change, newest first. */
import { signedIn } from '~/features/sign-in/server';
import { listFunds } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(WALLET_WIRE.funds, signedIn, async (ctx, query, { userId }) => {
  return listFunds(ctx.db, userId, query);
});
