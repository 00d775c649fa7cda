/** POST /api/v1/ops/operators/password `{ id, password }` → OperatorView (permission `operators`): every session of theirs ends. */
import { serveConsole, resetOperatorPassword } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.resetOperatorPassword, 'operators', async (ctx, body, { actor, now }) =>
  resetOperatorPassword(ctx.db, actor, body.id, body.password, now),
);
