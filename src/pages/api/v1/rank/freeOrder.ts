/** GET /api/v1/rank/freeOrder (Bearer) → FreeOrderStanding: whether the caller may take the new-user free first order. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { freeOrderStanding } from '~/features/activities/server/free-order-activity';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await freeOrderStanding(ctx.db, userId, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
