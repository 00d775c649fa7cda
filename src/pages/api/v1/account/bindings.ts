/**
 * GET /api/v1/account/bindings (Bearer) → `{ list }`: WeChat and QQ, each bound or not.
 */
import { signedIn } from '~/features/sign-in/server';
import { listBindings } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACCOUNT_WIRE.bindings, signedIn, async (ctx, _input, { userId }) => {
  return listBindings(ctx.db, userId);
});
