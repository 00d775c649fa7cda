/**
 * POST /api/v1/account/withdrawCancel (Bearer) `{ withdraw_no }` → the cancelled Withdrawal; its
 * amount returns from frozen_fen to the balance. Not the caller's: 404 提现记录不存在; no longer
 * pending: 409 该提现已处理，无法取消.
 */
import { signedIn } from '~/features/sign-in/server';
import { cancelWithdrawal } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(WALLET_WIRE.cancelWithdrawal, signedIn, async (ctx, { withdraw_no }, { userId, now }) => {
  return cancelWithdrawal(ctx.db, userId, withdraw_no, now);
});
