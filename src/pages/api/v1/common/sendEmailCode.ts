/**
 * POST /api/v1/common/sendEmailCode — body `{ email, verify_key }` → `{ resend_after: 60 }`: a
 * password-reset code by email (docs/sign-in-api.md "SMS and email codes"; the verify_key is one
 * for web_action sendSms). An address without an account gets the same answer and no message.
 */
import { clientIp } from '~/platform/http/client-ip';
import { badRequest } from '~/platform/http/errors';
import { serve } from '~/platform/http/serve';
import { MSG_CAPTCHA_REQUIRED, sendEmailResetCode, consumeVerifyKey } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.sendEmailCode, async (ctx, input) => {
  const now = new Date();
  const db = ctx.db;
  if (!(await consumeVerifyKey(db, input.verify_key, 'sendSms', now))) throw badRequest(MSG_CAPTCHA_REQUIRED);
  return sendEmailResetCode(db, { email: input.email, ip: clientIp(ctx.astro) }, now);
});
