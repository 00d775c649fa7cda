/**
 * POST /api/v1/account/sendVerifyCode (Bearer) — body `{ channel: 'sms' | 'email', verify_key }` →
 * `{ resend_after: 60 }`: a 'verify' code to the user's own bound phone or email, the proof a
 * password, phone, email or pay-password change asks for (docs/account-api.md). The slider first,
 * and the sign-in send limits, as for POST common/sendSms.
 */
import { signedIn, MSG_CAPTCHA_REQUIRED, consumeVerifyKey } from '~/features/sign-in/server';
import { sendOwnVerifyCode } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { clientIp } from '~/platform/http/client-ip';
import { badRequest } from '~/platform/http/errors';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.sendVerifyCode, signedIn, async (ctx, input, { userId, now }) => {
  if (!(await consumeVerifyKey(ctx.db, input.verify_key, 'sendSms', now))) throw badRequest(MSG_CAPTCHA_REQUIRED);
  return sendOwnVerifyCode(ctx.db, userId, { channel: input.channel, ip: clientIp(ctx.astro) }, now);
});
