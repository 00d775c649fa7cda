/** GET /api/v1/task/offerable?id (Bearer) → OfferableListing[]: the caller's listed accounts of the task's game not yet offered on it. */
import { signedIn } from '~/features/sign-in/server';
import { listOfferableListings } from '~/features/tasks/server';
import { TASK_WIRE } from '~/features/tasks/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(TASK_WIRE.offerable, signedIn, async (ctx, { id }, { userId }) => {
  return listOfferableListings(ctx.db, userId, id);
});
