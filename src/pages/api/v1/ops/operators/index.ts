/** GET /api/v1/ops/operators → OperatorView[] (permission `operators`: admin). */
import { serveConsole } from '~/features/console/server/ops-auth';
import { listOperators } from '~/features/console/server/operators';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.operators, 'operators', async (ctx) => listOperators(ctx.db));
