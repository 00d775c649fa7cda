/**
 * POST /api/v1/ops/auth/login `{ username, password }` → OperatorMe, and the `ops_session` cookie
 * (HttpOnly, SameSite=Strict). The one console call open to everybody. Wrong name or password:
 * 400 用户名或密码错误 whichever it was; too many attempts per name or address: 429.
 */
import { opsLoginBodySchema } from '~/features/console/contract/ops';
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { sessionCookieHeader } from '~/features/console/server/ops-auth';
import { signInOperator } from '~/features/console/server/operators';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const body = await readJson(ctx.request, opsLoginBodySchema);
  const { session, me } = await signInOperator(
    ctx.db,
    { username: body.username, password: body.password, ip: clientIp(ctx.astro), userAgent: ctx.request.headers.get('user-agent') },
    now,
  );
  return ok(me, { headers: { 'set-cookie': sessionCookieHeader(session.token) } });
});

export const ALL = allowOnly('POST');
