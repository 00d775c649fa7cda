/**
 * POST /api/v1/account/withdraw (Bearer) `{ amount }` (yuan, at most 2 decimals) → Withdrawal.
 * The amount leaves the balance for frozen_fen until it is paid out or cancelled. 400 请输入正确的
 * 金额 / 请先绑定支付宝账户 / 提现金额最少¥10 / 单次提现最多¥20000; 409 处理中的提现不能超过3笔;
 * 409 code 1005 when the balance does not cover it.
 */
import { requireUser } from '~/server/auth';
import { idempotencyKeyOf, withIdempotency } from '~/server/services/idempotency';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { createWithdrawal, withdrawBodySchema } from '~/server/services/withdrawals';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { amount } = await readJson(ctx.request, withdrawBodySchema);
  const key = idempotencyKeyOf(ctx.request);
  const db = ctx.db;
  return ok(await withIdempotency(db, { userId, scope: 'account.withdraw', key, request: { amount } }, (tx) => createWithdrawal(tx, userId, amount, now)));
});

export const ALL = allowOnly('POST');
