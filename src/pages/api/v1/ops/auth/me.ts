/** GET /api/v1/ops/auth/me → OperatorMe: who is signed in and what their role may do. 404 without a session. */
import { serveConsole, operatorMe } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.me, null, async (_ctx, _input, { actor }) => operatorMe(actor));
