/** GET /api/v1/rank/activity (Bearer optional) → RankingAnswer: the new-user ranking of the window, its prizes and the caller's own place. */
import { optionalUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { getRanking } from '~/features/activities/server/invitations';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const user = await optionalUser(ctx, now);
  return ok(await getRanking(ctx.db, user?.userId ?? null, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
