/** POST /api/v1/ops/auth/logout (no body): ends this session and clears the cookie. 404 without a session. */
import { clearedSessionCookieHeader, operatorSessionToken, serveConsole, signOutOperator } from '~/features/console/server';
import { withHeaders } from '~/platform/http/serve';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.logout, null, async (ctx, _input, { actor, now }) => {
  await signOutOperator(ctx.db, actor, operatorSessionToken(ctx.request)!, now);
  return withHeaders(null, { 'set-cookie': clearedSessionCookieHeader() });
});
