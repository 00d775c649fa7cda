/** POST /api/v1/account/footprintClear (Bearer, empty body) — clears all the caller's footprints: `{ deleted }`. */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok } from '~/server/http';
import { clearFootprints } from '~/server/services/footprints';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await clearFootprints(ctx.db, userId));
});

export const ALL = allowOnly('POST');
