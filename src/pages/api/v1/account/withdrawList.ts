/**
 * GET /api/v1/account/withdrawList?page=&page_size= (Bearer) → Page<Withdrawal>, newest first;
 * page ≥ 1 (default 1), page_size 1-50 (default 10).
 */
import { signedIn } from '~/features/sign-in/server';
import { listWithdrawals } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(WALLET_WIRE.withdrawals, signedIn, async (ctx, query, { userId }) => {
  return listWithdrawals(ctx.db, userId, query);
});
