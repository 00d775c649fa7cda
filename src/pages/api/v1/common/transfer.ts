/**
 * POST /api/v1/common/transfer (Bearer, Idempotency-Key) `{ to_mobile, amount, pay_password }` →
 * TransferResult (spec §7 common "transfer"; docs/decisions.md "Transfer and contract signing"):
 * `amount` yuan from the balance to the user whose phone is `to_mobile`. 400 请输入正确的手机号码 /
 * 请输入正确的金额 / 不能转账给自己 / the limits; 403 请先在账号设置中设置支付密码, 403 code 1003
 * before real-name verification; 400 支付密码错误 (429 after five in 15 minutes); 404 收款账号不存在;
 * 409 code 1005 when the balance does not cover it. The pay password is checked before the
 * idempotent part, so a wrong try always counts; a retried key answers the first transfer.
 */
import { signedIn } from '~/features/sign-in/server';
import { requirePayPassword } from '~/features/account/server';
import { transferBalance } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { idempotencyKeyOf, withIdempotency } from '~/platform/db/idempotency';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(WALLET_WIRE.transfer, signedIn, async (ctx, { to_mobile, amount, pay_password }, { userId, now }) => {
  const key = idempotencyKeyOf(ctx.request);
  await requirePayPassword(ctx.db, userId, pay_password, now);
  return withIdempotency(ctx.db, { userId, scope: 'common.transfer', key, request: { to_mobile, amount } }, (tx) =>
    transferBalance(tx, userId, { toMobile: to_mobile, amountFen: amount }, now),
  );
});
