/** GET /api/v1/ops/games → OpsGameView[] (permission `games`): every game with its maintenance state. */
import { serveConsole } from '~/features/console/server';
import { listGamesForOps } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';

export const { GET, HEAD, ALL } = serveConsole(CATALOG_WIRE.opsGames, 'games', async (ctx, _input, { now }) => listGamesForOps(ctx.db, now));
