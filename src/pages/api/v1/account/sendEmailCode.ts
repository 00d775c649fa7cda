/**
 * POST /api/v1/account/sendEmailCode (Bearer) — body `{ email, verify_key }` → `{ resend_after: 60 }`:
 * a 'bind' code to a new address through the email provider (the sandbox outbox in the demo).
 * 409 该邮箱已绑定其他账号; the slider and the sign-in send limits as for the SMS codes.
 */
import { signedIn, MSG_CAPTCHA_REQUIRED, consumeVerifyKey } from '~/features/sign-in/server';
import { sendEmailBindCode } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { clientIp } from '~/platform/http/client-ip';
import { badRequest } from '~/platform/http/errors';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.sendEmailCode, signedIn, async (ctx, input, { userId, now }) => {
  if (!(await consumeVerifyKey(ctx.db, input.verify_key, 'sendSms', now))) throw badRequest(MSG_CAPTCHA_REQUIRED);
  return sendEmailBindCode(ctx.db, userId, { email: input.email, ip: clientIp(ctx.astro) }, now);
});
