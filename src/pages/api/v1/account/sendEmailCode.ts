/**
 * POST /api/v1/account/sendEmailCode (Bearer) — body `{ email, verify_key }` → `{ resend_after: 60 }`:
 * a 'bind' code to a new address through the email provider (the sandbox outbox in the demo).
 * 409 该邮箱已绑定其他账号; the slider and the sign-in send limits as for the SMS codes.
 */
import { sendEmailBindCodeBodySchema } from '~/features/account/contract/account-settings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { clientIp } from '~/platform/http/client-ip';
import { badRequest } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { sendEmailBindCode } from '~/features/account/server/account-settings';
import { MSG_CAPTCHA_REQUIRED } from '~/features/sign-in/server/verification-codes';
import { consumeVerifyKey } from '~/features/sign-in/server/verify-keys';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, sendEmailBindCodeBodySchema);
  if (!(await consumeVerifyKey(ctx.db, input.verify_key, 'sendSms', now))) throw badRequest(MSG_CAPTCHA_REQUIRED);
  return ok(await sendEmailBindCode(ctx.db, userId, { email: input.email, ip: clientIp(ctx.astro) }, now));
});

export const ALL = allowOnly('POST');
