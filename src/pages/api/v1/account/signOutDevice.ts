/**
 * POST /api/v1/account/signOutDevice (Bearer) — body `{ id }` → null: signs one other device out.
 * Another user's device or one already signed out: 404; the current one: 400 (use logout).
 */
import { signedIn } from '~/features/sign-in/server';
import { signOutDevice } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.signOutDevice, signedIn, async (ctx, { id }, { userId, tokenId, now }) => {
  return signOutDevice(ctx.db, userId, tokenId, id, now);
});
