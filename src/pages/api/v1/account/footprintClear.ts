/** POST /api/v1/account/footprintClear (Bearer, empty body) — clears all the caller's footprints: `{ deleted }`. */
import { signedIn } from '~/features/sign-in/server';
import { clearFootprints } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.clearFootprints, signedIn, async (ctx, _input, { userId }) => {
  return clearFootprints(ctx.db, userId);
});
