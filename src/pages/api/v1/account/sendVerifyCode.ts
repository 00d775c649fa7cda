/**
 * POST /api/v1/account/sendVerifyCode (Bearer) — body `{ channel: 'sms' | 'email', verify_key }` →
 * `{ resend_after: 60 }`: a 'verify' code to the user's own bound phone or email, the proof a
 * password, phone, email or pay-password change asks for (docs/account-api.md). The slider first,
 * and the sign-in send limits, as for POST common/sendSms.
 */
import { sendVerifyCodeBodySchema } from '~/features/account/contract/account-settings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { clientIp } from '~/platform/http/client-ip';
import { badRequest } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { sendOwnVerifyCode } from '~/features/account/server/account-settings';
import { MSG_CAPTCHA_REQUIRED } from '~/features/sign-in/server/verification-codes';
import { consumeVerifyKey } from '~/features/sign-in/server/verify-keys';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, sendVerifyCodeBodySchema);
  if (!(await consumeVerifyKey(ctx.db, input.verify_key, 'sendSms', now))) throw badRequest(MSG_CAPTCHA_REQUIRED);
  return ok(await sendOwnVerifyCode(ctx.db, userId, { channel: input.channel, ip: clientIp(ctx.astro) }, now));
});

export const ALL = allowOnly('POST');
