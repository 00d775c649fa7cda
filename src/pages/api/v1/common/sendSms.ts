/**
 * POST /api/v1/common/sendSms — body `{ mobile, verify_key, action }` → `{ resend_after: 60 }`
 * (spec §7 "POST send sms"; §5 "Sending SMS: needs a valid phone (请检查手机号输入是否有误) and a
 * slider captcha first"; docs/sign-in-api.md "SMS and email codes").
 *
 * The phone is checked before the verify_key is used up, so a typo does not cost a captcha.
 */
import { z } from 'zod';
import { sendSmsSchema } from '~/platform/rules/validation';
import { clientIp } from '~/platform/http/client-ip';
import { CODE_ACTIONS } from '~/features/sign-in/contract';
import { badRequest } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { MSG_CAPTCHA_REQUIRED, sendSmsCode } from '~/features/sign-in/server/verification-codes';
import { consumeVerifyKey } from '~/features/sign-in/server/verify-keys';

const bodySchema = z.object({
  mobile: sendSmsSchema.shape.mobile,
  // Absent, unknown, used or for another web_action: all the same 请先完成滑块验证.
  verify_key: z.string().nullish(),
  // 'verify' (POST account/sendVerifyCode) and 'deactivate' (account/deactivationSms) codes go only
  // to the signed-in user's own phone.
  action: z.enum(CODE_ACTIONS).exclude(['verify', 'deactivate']),
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const input = await readJson(ctx.request, bodySchema);
  const db = ctx.db;
  if (!(await consumeVerifyKey(db, input.verify_key, 'sendSms', now))) throw badRequest(MSG_CAPTCHA_REQUIRED);
  return ok(await sendSmsCode(db, { mobile: input.mobile, action: input.action, ip: clientIp(ctx.astro) }, now));
});

export const ALL = allowOnly('POST');
