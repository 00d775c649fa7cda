/** POST /api/v1/account/signIn (Bearer) → GoldOverview; once per Shanghai day, else 409 今日已签到. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { signIn } from '~/features/wallet/server/gold-coins';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await signIn(ctx.db, userId, now));
});

export const ALL = allowOnly('POST');
