/**
 * POST /api/v1/account/payPassword (Bearer) — body `{ pay_password, old_pay_password?, code? }` →
 * `{ has_pay_password: true }` (spec §7 account group "pay password"). Proof: the bound phone's
 * 'verify' code, the old pay password (a change), or the session's re-authentication window; none
 * of them is 403 code CODE_REAUTH_REQUIRED. Signs every other device out. Withdrawals then ask for
 * it (POST account/withdraw `pay_password`).
 */
import { signedIn } from '~/features/sign-in/server';
import { setPayPassword } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.setPayPassword, signedIn, async (ctx, input, { userId, tokenId, now }) => {
  return setPayPassword(ctx.db, userId, tokenId, { payPassword: input.pay_password, oldPayPassword: input.old_pay_password, code: input.code }, now);
});
