/** GET /api/v1/rank/freeOrder (Bearer) → FreeOrderStanding: whether the caller may take the new-user free first order. */
import { freeOrderStanding } from '~/features/activities/server';
import { ACTIVITY_WIRE } from '~/features/activities/wire';
import { signedIn } from '~/features/sign-in/server';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACTIVITY_WIRE.freeOrder, signedIn, async (ctx, _input, { userId, now }) => freeOrderStanding(ctx.db, userId, now));
