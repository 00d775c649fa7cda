/**
 * POST /api/v1/account/deactivationSms (Bearer, empty body) — the deregistration code to the
 * caller's own phone: `{ resend_after }`; 400 请先绑定手机号，再申请注销 without a phone, 429 when
 * asked too often.
 */
import { signedIn } from '~/features/sign-in/server';
import { sendDeactivationCode } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { clientIp } from '~/platform/http/client-ip';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.deactivationSms, signedIn, async (ctx, _input, { userId, now }) => {
  return sendDeactivationCode(ctx.db, userId, clientIp(ctx.astro), now);
});
