/** POST /api/v1/ops/auth/logout (no body): ends this session and clears the cookie. 404 without a session. */
import { handle, ok } from '~/platform/http/http';
import { opsAllowOnly, clearedSessionCookieHeader, operatorSessionToken, requireAnyOperator } from '~/features/console/server/ops-auth';
import { signOutOperator } from '~/features/console/server/operators';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireAnyOperator(ctx, now);
  await signOutOperator(ctx.db, actor, operatorSessionToken(ctx.request)!, now);
  return ok(null, { headers: { 'set-cookie': clearedSessionCookieHeader() } });
});

export const ALL = opsAllowOnly('POST');
