/**
 * POST /api/v1/account/payPassword (Bearer) — body `{ pay_password, old_pay_password?, code? }` →
 * `{ has_pay_password: true }` (spec §7 account group "pay password"). A first pay password needs
 * the bound phone's 'verify' code; a change needs the old pay password or that code. Withdrawals
 * then ask for it (POST account/withdraw `pay_password`).
 */
import { payPasswordBodySchema } from '~/features/account/contract/account-settings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { setPayPassword } from '~/features/account/server/account-settings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, payPasswordBodySchema);
  return ok(await setPayPassword(ctx.db, userId, { payPassword: input.pay_password, oldPayPassword: input.old_pay_password, code: input.code }, now));
});

export const ALL = allowOnly('POST');
