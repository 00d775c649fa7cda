/**
 * GET /api/v1/free/count (Bearer) — the caller's free rentals of today (Shanghai day):
 * `{ per_day, used_today, remaining }` (spec §7 free "free count").
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { freeCount } from '~/features/free/server/free-rentals';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await freeCount(ctx.db, userId, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
