/** GET /api/v1/ops/operators → OperatorView[] (permission `operators`: admin). */
import { serveConsole, listOperators } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.operators, 'operators', async (ctx) => listOperators(ctx.db));
