/** POST /api/v1/account/footprintClear (Bearer, empty body) — clears all the caller's footprints: `{ deleted }`. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { clearFootprints } from '~/features/account/server/footprints';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await clearFootprints(ctx.db, userId));
});

export const ALL = allowOnly('POST');
