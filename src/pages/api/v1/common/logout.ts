/**
 * POST /api/v1/common/logout — revokes the token presented (spec §7 "POST logout": empty body;
 * token revoked on the server). The body is not read. Without a valid token: 401, so a
 * second logout with the same token is refused.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { unauthorized } from '~/platform/http/errors';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { revokeToken } from '~/features/sign-in/server/tokens';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { token } = await requireUser(ctx, now);
  // A concurrent logout with the same token may have won the race; it gets the same 401.
  if (!(await revokeToken(ctx.db, token, now))) throw unauthorized();
  return ok(null);
});

export const ALL = allowOnly('POST');
