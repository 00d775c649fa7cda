/**
 * POST /api/v1/account/changePhone (Bearer) — body `{ old_code?, mobile, code }` → the profile and
 * `revoked_sessions`. `code` is the new phone's 'bind' SMS code (POST common/sendSms); `old_code`
 * the bound phone's 'verify' code (POST account/sendVerifyCode). Without it (and always for a first
 * phone) the session's re-authentication window: 403 code CODE_REAUTH_REQUIRED. A change signs every
 * other device out. 409 该手机号已绑定其他账号.
 */
import { signedIn } from '~/features/sign-in/server';
import { changePhone } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.changePhone, signedIn, async (ctx, input, { userId, tokenId, now }) => {
  return changePhone(ctx.db, userId, tokenId, { oldCode: input.old_code, mobile: input.mobile, code: input.code }, now);
});
