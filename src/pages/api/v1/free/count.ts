/**
 * GET /api/v1/free/count (Bearer) — the caller's free rentals of today (Shanghai day):
 * `{ per_day, used_today, remaining }` (spec §7 free "free count").
 */
import { signedIn } from '~/features/sign-in/server';
import { freeCount } from '~/features/free/server';
import { FREE_WIRE } from '~/features/free/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(FREE_WIRE.count, signedIn, async (ctx, _input, { userId, now }) => freeCount(ctx.db, userId, now));
