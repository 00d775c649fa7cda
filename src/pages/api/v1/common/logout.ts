/**
 * POST /api/v1/common/logout — revokes the token presented (spec §7 "POST logout": empty body;
 * token revoked on the server). The body is not read. Without a valid token: 401, so a
 * second logout with the same token is refused.
 */
import { signedIn, revokeToken } from '~/features/sign-in/server';
import { unauthorized } from '~/platform/http/errors';
import { serve } from '~/platform/http/serve';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.logout, signedIn, async (ctx, _input, { token, now }) => {
  // A concurrent logout with the same token may have won the race; it gets the same 401.
  if (!(await revokeToken(ctx.db, token, now))) throw unauthorized();
  return null;
});
