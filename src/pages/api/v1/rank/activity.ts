/** GET /api/v1/rank/activity (Bearer optional) → RankingAnswer: the new-user ranking of the window, its prizes and the caller's own place. */
import { getRanking } from '~/features/activities/server';
import { ACTIVITY_WIRE } from '~/features/activities/wire';
import { optionalUser } from '~/features/sign-in/server';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACTIVITY_WIRE.ranking, async (ctx) => {
  const now = new Date();
  const user = await optionalUser(ctx, now);
  return getRanking(ctx.db, user?.userId ?? null, now);
});
