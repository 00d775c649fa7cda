/**
 * POST /api/v1/account/footprintDelete (Bearer) — `{ id }` → `{ deleted: 1 }`; 404 足迹不存在 for
 * an id that is not one of the caller's footprints.
 */
import { signedIn } from '~/features/sign-in/server';
import { deleteFootprint } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.deleteFootprint, signedIn, async (ctx, { id }, { userId }) => {
  return deleteFootprint(ctx.db, userId, id);
});
