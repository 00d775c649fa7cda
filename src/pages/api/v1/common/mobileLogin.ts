/**
 * POST /api/v1/common/mobileLogin — body `{ mobile, code }` → the token answer (spec §7 "POST
 * mobile long login"; docs/sign-in-api.md "Sign-in calls"). A phone without an account gets a new
 * one (is_new_user true); a deregistered account answers 400 该账号已注销. The code is checked
 * first, so nobody learns anything about a phone without its code.
 */
import { z } from 'zod';
import { loginBySmsSchema } from '~/platform/rules/validation';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { signInAnswer } from '~/features/sign-in/server/sign-in';
import { signInUserByMobile } from '~/features/sign-in/server/phone-sign-in';
import { checkVerificationCode } from '~/features/sign-in/server/verification-codes';

const bodySchema = z.object({ mobile: loginBySmsSchema.shape.mobile, code: loginBySmsSchema.shape.sms_code });

export const POST = handle(async (ctx) => {
  const now = new Date();
  const input = await readJson(ctx.request, bodySchema);
  const db = ctx.db;
  await checkVerificationCode(db, { channel: 'sms', recipient: input.mobile, action: 'login', code: input.code }, now);
  const { userId, isNewUser } = await signInUserByMobile(db, input.mobile, now);
  return ok(await signInAnswer(db, userId, { isNewUser, userAgent: ctx.request.headers.get('user-agent'), now }));
});

export const ALL = allowOnly('POST');
