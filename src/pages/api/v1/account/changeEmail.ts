/**
 * POST /api/v1/account/changeEmail (Bearer) — body `{ old_code?, email, code }` → the profile.
 * `code` is the new address's 'bind' code (POST account/sendEmailCode); `old_code` the bound
 * address's 'verify' code (POST account/sendVerifyCode channel email), needed when one is bound.
 */
import { changeEmailBodySchema } from '~/features/account/contract/account-settings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { changeEmail } from '~/features/account/server/account-settings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, changeEmailBodySchema);
  return ok(await changeEmail(ctx.db, userId, { oldCode: input.old_code, email: input.email, code: input.code }, now));
});

export const ALL = allowOnly('POST');
