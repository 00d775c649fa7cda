/**
 * POST /api/v1/ops/operators/update `{ id, role?, display_name?, disabled? }` → OperatorView
 * (permission `operators`). 409 when it would change the caller's own access or leave no enabled
 * admin; 404 运营人员不存在.
 */
import { serveConsole, updateOperator } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.updateOperator, 'operators', async (ctx, body, { actor, now }) => updateOperator(ctx.db, actor, body, now));
