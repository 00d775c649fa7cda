/**
 * POST /api/v1/account/sendVerifyCode (Bearer) — body `{ channel: 'sms' | 'email', verify_key }` →
 * `{ resend_after: 60 }`: a 'verify' code to the user's own bound phone or email, the proof a
 * password, phone, email or pay-password change asks for (docs/account-api.md). The slider first,
 * and the sign-in send limits, as for POST common/sendSms.
 */
import { sendVerifyCodeBodySchema } from '~/lib/contract/account-settings';
import { requireUser } from '~/server/auth';
import { clientIp } from '~/server/client-ip';
import { badRequest } from '~/server/errors';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { sendOwnVerifyCode } from '~/server/services/account-settings';
import { MSG_CAPTCHA_REQUIRED } from '~/server/services/verification-codes';
import { consumeVerifyKey } from '~/server/services/verify-keys';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, sendVerifyCodeBodySchema);
  if (!(await consumeVerifyKey(ctx.db, input.verify_key, 'sendSms', now))) throw badRequest(MSG_CAPTCHA_REQUIRED);
  return ok(await sendOwnVerifyCode(ctx.db, userId, { channel: input.channel, ip: clientIp(ctx.astro) }, now));
});

export const ALL = allowOnly('POST');
