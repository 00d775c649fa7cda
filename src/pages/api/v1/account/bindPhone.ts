/**
 * POST /api/v1/account/bindPhone (Bearer) — body `{ mobile, code }` → the user's profile with its
 * new `mobile` (spec §7 account group "phone ... bind"; §6 "Binding a phone is needed for
 * complaints"). The code is an SMS code sent with action 'bind' (POST common/sendSms), as on /bind;
 * that endpoint binds a third-party sign-in's temp_token, this one the signed-in user. A phone of
 * another account, or a user who has a phone already: 409.
 */
import { signedIn, bindPhoneToUser, checkVerificationCode } from '~/features/sign-in/server';
import { getUserInfo } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.bindPhone, signedIn, async (ctx, input, { userId, now }) => {
  await checkVerificationCode(ctx.db, { channel: 'sms', recipient: input.mobile, action: 'bind', code: input.code }, now);
  await bindPhoneToUser(ctx.db, userId, input.mobile);
  return getUserInfo(ctx.db, userId);
});
