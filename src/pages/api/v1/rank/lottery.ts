/** GET /api/v1/rank/lottery (Bearer optional) → LotteryOverview: the prizes with stock and chance, the caller's chances and latest draws. */
import { getLottery } from '~/features/activities/server';
import { ACTIVITY_WIRE } from '~/features/activities/wire';
import { optionalUser } from '~/features/sign-in/server';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACTIVITY_WIRE.lottery, async (ctx) => {
  const user = await optionalUser(ctx, new Date());
  return getLottery(ctx.db, user?.userId ?? null);
});
