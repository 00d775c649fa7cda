/**
 * POST /api/v1/account/payPassword (Bearer) — body `{ pay_password, old_pay_password?, code? }` →
 * `{ has_pay_password: true }` (spec §7 account group "pay password"). A first pay password needs
 * the bound phone's 'verify' code; a change needs the old pay password or that code. Withdrawals
 * then ask for it (POST account/withdraw `pay_password`).
 */
import { signedIn } from '~/features/sign-in/server';
import { setPayPassword } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.setPayPassword, signedIn, async (ctx, input, { userId, now }) => {
  return setPayPassword(ctx.db, userId, { payPassword: input.pay_password, oldPayPassword: input.old_pay_password, code: input.code }, now);
});
