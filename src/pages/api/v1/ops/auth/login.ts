/**
 * POST /api/v1/ops/auth/login `{ username, password }` → OperatorMe, and the `ops_session` cookie
 * (HttpOnly, SameSite=Strict). The one console call open to everybody. Wrong name or password:
 * 400 用户名或密码错误 whichever it was, audited with the name tried; too many attempts from the
 * address, or a (name, address) pair locked out: 429 (docs/decisions.md "Console sign-in: lockout
 * per name and address"). An operator with TOTP, or of a role that requires it, gets a session
 * still owing `second_factor` ('code' or 'enrol'): it opens nothing but /ops/auth/totp/*
 * (docs/decisions.md "Console second factor: TOTP").
 */
import { clientIp } from '~/platform/http/client-ip';
import { serve, withHeaders } from '~/platform/http/serve';
import { sessionCookieHeader, signInOperator } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

// No operator gate: this is how an operator gets a session. A wrong method answers allowOnly's 405.
export const { POST, ALL } = serve(CONSOLE_WIRE.login, async (ctx, body) => {
  const { session, me, pending } = await signInOperator(
    ctx.db,
    { username: body.username, password: body.password, ip: clientIp(ctx.astro), userAgent: ctx.request.headers.get('user-agent') },
    new Date(),
  );
  return withHeaders({ ...me, second_factor: pending }, { 'set-cookie': sessionCookieHeader(session.token) });
});
