/**
 * POST /api/v1/account/bindPhone (Bearer) — body `{ mobile, code }` → the user's profile with its
 * new `mobile` (spec §7 account group "phone ... bind"; §6 "Binding a phone is needed for
 * complaints"). The code is an SMS code sent with action 'bind' (POST common/sendSms), as on /bind;
 * that endpoint binds a third-party sign-in's temp_token, this one the signed-in user. A phone of
 * another account, or a user who has a phone already: 409. Whoever binds a phone can reset the
 * password by SMS, so the session's re-authentication window is needed (403 code
 * CODE_REAUTH_REQUIRED); the other devices are signed out.
 */
import { signedIn } from '~/features/sign-in/server';
import { bindFirstPhone } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.bindPhone, signedIn, async (ctx, input, { userId, tokenId, now }) => {
  return bindFirstPhone(ctx.db, userId, tokenId, input, now);
});
