/**
 * POST /api/v1/ops/operators/totp-reset `{ id }` → OperatorView: an admin turns another operator's
 * TOTP off (a lost phone); their sessions end and a role that requires it enrols again at the next
 * sign-in. One's own: 403.
 */
import { resetOperatorTotp, serveConsole } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.resetOperatorTotp, 'operators', async (ctx, body, { actor, now }) => resetOperatorTotp(ctx.db, actor, body.id, now));
