/**
 * GET /api/v1/account/alipayAccount (Bearer) → `{ account: { account_masked, real_name } | null }`.
 * POST /api/v1/account/alipayAccount (Bearer) `{ account, real_name }` → `{ account }`: binds or
 * replaces the withdrawal account. account: an 11-digit mainland phone or an email (≤64), else
 * 400 请输入正确的支付宝账号; not real-name verified: 403 code 1003 请先完成实名认证; a name other
 * than the verified one: 400 支付宝实名须与实名认证姓名一致; outside the session's re-authentication
 * window: 403 code CODE_REAUTH_REQUIRED 为了账号安全，请先验证身份. Signs every other device out.
 */
import { signedIn } from '~/features/sign-in/server';
import { bindAlipayAccount, getAlipayAccount, requireVerifiedName } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { allowOnly, type HandlerContext } from '~/platform/http/http';
import { serve } from '~/platform/http/serve';

/** An unverified user is told 请先完成实名认证 before anything about the form. */
async function signedInVerified(ctx: HandlerContext) {
  const user = await signedIn(ctx);
  await requireVerifiedName(ctx.db, user.userId);
  return user;
}

const read = serve(WALLET_WIRE.alipayAccount, signedIn, async (ctx, _input, { userId }) => {
  return getAlipayAccount(ctx.db, userId);
});

const bind = serve(WALLET_WIRE.bindAlipayAccount, signedInVerified, async (ctx, input, { userId, tokenId, now }) => {
  return bindAlipayAccount(ctx.db, userId, tokenId, input, now);
});

export const { GET, HEAD } = read;
export const { POST } = bind;
// Two routes share the path: any other method is told both.
export const ALL = allowOnly('GET', 'POST');
