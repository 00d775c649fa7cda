/** GET /api/v1/task/offerable?id (Bearer) → OfferableListing[]: the caller's listed accounts of the task's game not yet offered on it. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { taskIdQuerySchema } from '~/features/tasks/contract';
import { listOfferableListings } from '~/features/tasks/server/wanted-tasks';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { id } = await readQuery(ctx.url, taskIdQuerySchema);
  return ok(await listOfferableListings(ctx.db, userId, id));
});
export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
