/**
 * POST /api/v1/account/bindPhone (Bearer) — body `{ mobile, code }` → the user's profile with its
 * new `mobile` (spec §7 account group "phone ... bind"; §6 "Binding a phone is needed for
 * complaints"). The code is an SMS code sent with action 'bind' (POST common/sendSms), as on /bind;
 * that endpoint binds a third-party sign-in's temp_token, this one the signed-in user. A phone of
 * another account, or a user who has a phone already: 409.
 */
import { z } from 'zod';
import { loginBySmsSchema } from '~/platform/rules/validation';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { bindPhoneToUser } from '~/features/sign-in/server/phone-sign-in';
import { getUserInfo } from '~/features/account/server/users';
import { checkVerificationCode } from '~/features/sign-in/server/verification-codes';

const bodySchema = z.object({
  mobile: loginBySmsSchema.shape.mobile,
  code: loginBySmsSchema.shape.sms_code,
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, bodySchema);
  await checkVerificationCode(ctx.db, { channel: 'sms', recipient: input.mobile, action: 'bind', code: input.code }, now);
  await bindPhoneToUser(ctx.db, userId, input.mobile);
  return ok(await getUserInfo(ctx.db, userId));
});

export const ALL = allowOnly('POST');
