/** GET /api/v1/account/gold (Bearer) → GoldOverview: coins, today's sign-in and exchanges, tasks, the latest 20 changes. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { getGoldOverview } from '~/features/wallet/server/gold-coins';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await getGoldOverview(ctx.db, userId, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
