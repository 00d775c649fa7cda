/** GET /api/v1/rank/lottery (Bearer optional) → LotteryOverview: the prizes with stock and chance, the caller's chances and latest draws. */
import { optionalUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { getLottery } from '~/features/activities/server/lottery';

export const GET = handle(async (ctx) => {
  const user = await optionalUser(ctx, new Date());
  return ok(await getLottery(ctx.db, user?.userId ?? null));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
