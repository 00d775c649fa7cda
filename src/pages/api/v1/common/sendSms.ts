/**
 * POST /api/v1/common/sendSms — body `{ mobile, verify_key, action }` → `{ resend_after: 60 }`
 * (spec §7 "POST send sms"; §5 "Sending SMS: needs a valid phone (请检查手机号输入是否有误) and a
 * slider captcha first"; docs/sign-in-api.md "SMS and email codes").
 *
 * The phone is checked before the verify_key is used up, so a typo does not cost a captcha.
 */
import { clientIp } from '~/platform/http/client-ip';
import { badRequest } from '~/platform/http/errors';
import { serve } from '~/platform/http/serve';
import { MSG_CAPTCHA_REQUIRED, sendSmsCode, consumeVerifyKey } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.sendSms, async (ctx, input) => {
  const now = new Date();
  const db = ctx.db;
  if (!(await consumeVerifyKey(db, input.verify_key, 'sendSms', now))) throw badRequest(MSG_CAPTCHA_REQUIRED);
  return sendSmsCode(db, { mobile: input.mobile, action: input.action, ip: clientIp(ctx.astro) }, now);
});
