/**
 * POST /api/v1/common/mobileLogin — body `{ mobile, code }` → the token answer (spec §7 "POST
 * mobile long login"; docs/sign-in-api.md "Sign-in calls"). A phone without an account gets a new
 * one (is_new_user true); a deregistered account answers 400 该账号已注销. The code is checked
 * first, so nobody learns anything about a phone without its code.
 */
import { serve } from '~/platform/http/serve';
import { signInAnswer, signInUserByMobile, checkVerificationCode } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.mobileLogin, async (ctx, input) => {
  const now = new Date();
  const db = ctx.db;
  await checkVerificationCode(db, { channel: 'sms', recipient: input.mobile, action: 'login', code: input.code }, now);
  const { userId, isNewUser } = await signInUserByMobile(db, input.mobile, now);
  // The SMS form's agreement box is ticked before it posts (spec §5): the versions in force are recorded.
  return signInAnswer(db, userId, { isNewUser, agreed: true, userAgent: ctx.request.headers.get('user-agent'), now });
});
