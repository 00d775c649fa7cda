/**
 * POST /api/v1/account/changePhone (Bearer) — body `{ old_code?, mobile, code }` → the profile and
 * `revoked_sessions`. `code` is the new phone's 'bind' SMS code (POST common/sendSms); `old_code`
 * the bound phone's 'verify' code (POST account/sendVerifyCode), needed when a phone is bound. A
 * change signs every other device out. 409 该手机号已绑定其他账号.
 */
import { changePhoneBodySchema } from '~/features/account/contract/account-settings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { changePhone } from '~/features/account/server/account-settings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId, tokenId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, changePhoneBodySchema);
  return ok(await changePhone(ctx.db, userId, tokenId, { oldCode: input.old_code, mobile: input.mobile, code: input.code }, now));
});

export const ALL = allowOnly('POST');
