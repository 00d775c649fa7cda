/** POST /api/v1/account/footprintClear (Bearer, empty body) — clears all the caller's footprints: `{ deleted }`. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { clearFootprints } from '~/features/account/server/footprints';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.clearFootprints, async (ctx) => {
  const { userId } = await requireUser(ctx);
  return clearFootprints(ctx.db, userId);
});
