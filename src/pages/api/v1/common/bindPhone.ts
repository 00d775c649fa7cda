/**
 * POST /api/v1/common/bindPhone — body `{ temp_token, mobile, code }` → the token answer (spec §6:
 * "A third-party login without a bound phone goes to the bind page with temp_token";
 * docs/sign-in-api.md "Sign-in calls"). The temp_token is a 'bind' token (a session token is as
 * unknown here as a made-up one: 401) and is revoked by a successful bind.
 *
 * is_new_user is true when the phone went to the third-party user itself: the account becomes
 * usable (and is signed in) for the first time now. It is false when the phone belonged to an
 * existing account, which takes the WeChat/QQ identity over.
 */
import { unauthorized } from '~/platform/http/errors';
import { serve } from '~/platform/http/serve';
import { signInAnswer, resolveToken, bindPhoneToTempUser, checkVerificationCode } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.bindPhone, async (ctx, input) => {
  const now = new Date();
  const db = ctx.db;
  const temp = await resolveToken(db, input.temp_token, now, 'bind');
  if (!temp.ok) throw unauthorized(undefined, { cause: new Error(`temp_token ${temp.reason}`) });
  await checkVerificationCode(db, { channel: 'sms', recipient: input.mobile, action: 'bind', code: input.code }, now);
  const holderId = await bindPhoneToTempUser(db, { tempUserId: temp.userId, tempToken: input.temp_token!, mobile: input.mobile }, now);
  const isNewUser = holderId === temp.userId;
  return signInAnswer(db, holderId, { isNewUser, userAgent: ctx.request.headers.get('user-agent'), now });
});
