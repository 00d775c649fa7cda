/**
 * POST /api/v1/account/withdraw (Bearer) `{ amount }` (yuan, at most 2 decimals) → Withdrawal.
 * The amount leaves the balance for frozen_fen until it is paid out or cancelled. 400 请输入正确的
 * 金额 / 请先绑定支付宝账户 / 提现金额最少¥10 / 单次提现最多¥20000; 409 处理中的提现不能超过3笔;
 * 409 code 1005 when the balance does not cover it. Once the user has set a pay password (* 账号设置) the body carries `pay_password` too: 400 请输入支付密码 / 支付密码错误, 429 after five
 * wrong ones in 15 minutes. It is checked before the idempotent part, outside its transaction, so
 * a wrong try always counts.
 */
import { signedIn } from '~/features/sign-in/server';
import { idempotencyKeyOf, withIdempotency } from '~/platform/db/idempotency';
import { requirePayPasswordIfSet } from '~/features/account/server';
import { createWithdrawal } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(WALLET_WIRE.withdraw, signedIn, async (ctx, { amount, pay_password }, { userId, now }) => {
  const key = idempotencyKeyOf(ctx.request);
  const db = ctx.db;
  await requirePayPasswordIfSet(db, userId, pay_password, now);
  return withIdempotency(db, { userId, scope: 'account.withdraw', key, request: { amount } }, (tx) => createWithdrawal(tx, userId, amount, now));
});
