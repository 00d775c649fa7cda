/**
 * POST /api/v1/ops/auth/totp/verify `{ code }` → OperatorMe: the code step of sign-in, for a session
 * that passed the password and owes a code. A 6-digit TOTP code or a recovery code (consumed).
 * Wrong: 400 验证码不正确, audited and counted toward the sign-in lockout (429). Any other caller:
 * the console's 404.
 */
import { serveSecondFactor, verifySecondFactor } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveSecondFactor(CONSOLE_WIRE.totpVerify, ['code'], async (ctx, body, { actor, now }) =>
  verifySecondFactor(ctx.db, actor, body.code, ctx.request.headers.get('user-agent'), now),
);
