/**
 * POST /api/v1/ops/auth/totp/confirm `{ code }` → `{ recovery_codes }`: one code of the secret from
 * /enrol turns TOTP on; the ten recovery codes are answered this once. A session that was waiting
 * to enrol is signed in by it. 400 验证码不正确.
 */
import { confirmTotpEnrolment, serveSecondFactor } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveSecondFactor(CONSOLE_WIRE.totpConfirm, ['enrol', null], async (ctx, body, { actor, now }) =>
  confirmTotpEnrolment(ctx.db, actor, body.code, ctx.request.headers.get('user-agent'), now),
);
