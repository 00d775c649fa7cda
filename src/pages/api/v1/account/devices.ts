/**
 * GET /api/v1/account/devices (Bearer) → `{ list }`: the devices signed in (live session tokens),
 * the current one first and marked `current` (docs/account-api.md).
 */
import { signedIn } from '~/features/sign-in/server';
import { listDevices } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACCOUNT_WIRE.devices, signedIn, async (ctx, _input, { userId, tokenId, now }) => {
  return listDevices(ctx.db, userId, tokenId, now);
});
