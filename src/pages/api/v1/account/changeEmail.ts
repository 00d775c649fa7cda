/**
 * POST /api/v1/account/changeEmail (Bearer) — body `{ old_code?, email, code }` → the profile.
 * `code` is the new address's 'bind' code (POST account/sendEmailCode); `old_code` the bound
 * address's 'verify' code (POST account/sendVerifyCode channel email). Without it (and always for a
 * first address) the session's re-authentication window is needed: 403 code CODE_REAUTH_REQUIRED.
 * Signs every other device out and tells the user on the old channels.
 */
import { signedIn } from '~/features/sign-in/server';
import { changeEmail } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.changeEmail, signedIn, async (ctx, input, { userId, tokenId, now }) => {
  return changeEmail(ctx.db, userId, tokenId, { oldCode: input.old_code, email: input.email, code: input.code }, now);
});
