/**
 * POST /api/v1/ops/operators/create `{ username, display_name, role, password }` → OperatorView
 * (permission `operators`). 409 该用户名已被使用.
 */
import { serveConsole, createOperatorAsAdmin } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.createOperator, 'operators', async (ctx, body, { actor, now }) => createOperatorAsAdmin(ctx.db, actor, body, now));
