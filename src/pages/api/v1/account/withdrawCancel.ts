/**
 * POST /api/v1/account/withdrawCancel (Bearer) `{ withdraw_no }` → the cancelled Withdrawal; its
 * amount returns from frozen_fen to the balance. Not the caller's: 404 提现记录不存在; no longer
 * pending: 409 该提现已处理，无法取消.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { cancelWithdrawal, withdrawCancelBodySchema } from '~/features/wallet/server/withdrawals';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { withdraw_no } = await readJson(ctx.request, withdrawCancelBodySchema);
  return ok(await cancelWithdrawal(ctx.db, userId, withdraw_no, now));
});

export const ALL = allowOnly('POST');
