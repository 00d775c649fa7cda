/**
 * POST /api/v1/ops/games/maintenance `{ id, maintenance, notice? }` → OpsGameView (permission
 * `games`): into maintenance (renting refused, 维护中 shown at once) or out of it. 409 when ending
 * a maintenance that is not on; 404 游戏不存在.
 */
import { serveConsole } from '~/features/console/server';
import { setGameMaintenance } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';

export const { POST, ALL } = serveConsole(CATALOG_WIRE.opsGameMaintenance, 'games', async (ctx, body, { actor, now }) => setGameMaintenance(ctx.db, actor, body, now));
