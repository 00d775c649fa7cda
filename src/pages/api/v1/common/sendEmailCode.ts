/**
 * POST /api/v1/common/sendEmailCode — body `{ email, verify_key }` → `{ resend_after: 60 }`: a
 * password-reset code by email (docs/sign-in-api.md "SMS and email codes"; the verify_key is one
 * for web_action sendSms). An address without an account gets the same answer and no message.
 */
import { z } from 'zod';
import { clientIp } from '~/platform/http/client-ip';
import { badRequest } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { MSG_CAPTCHA_REQUIRED, sendEmailResetCode } from '~/features/sign-in/server/verification-codes';
import { consumeVerifyKey } from '~/features/sign-in/server/verify-keys';

/** users.email is varchar(254), the longest address SMTP carries. */
const EMAIL_MAX_LENGTH = 254;

const bodySchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH).pipe(z.email()),
  verify_key: z.string().nullish(),
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const input = await readJson(ctx.request, bodySchema);
  const db = ctx.db;
  if (!(await consumeVerifyKey(db, input.verify_key, 'sendSms', now))) throw badRequest(MSG_CAPTCHA_REQUIRED);
  return ok(await sendEmailResetCode(db, { email: input.email, ip: clientIp(ctx.astro) }, now));
});

export const ALL = allowOnly('POST');
