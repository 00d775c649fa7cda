/**
 * POST /api/v1/ops/auth/totp/enrol (no body) → `{ secret, uri, qr_svg }`: a new secret, not active
 * until /confirm, for a session that must enrol before anything else or a signed-in operator on
 * 我的账号. 409 when TOTP is already on (another admin resets it).
 */
import { beginTotpEnrolment, serveSecondFactor } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveSecondFactor(CONSOLE_WIRE.totpEnrol, ['enrol', null], async (ctx, _input, { actor, now }) => beginTotpEnrolment(ctx.db, actor, now));
