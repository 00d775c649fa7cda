/**
 * POST /api/v1/ops/games/maintenance `{ id, maintenance, notice? }` → OpsGameView (permission
 * `games`): into maintenance (renting refused, 维护中 shown at once) or out of it. 409 when ending
 * a maintenance that is not on; 404 游戏不存在.
 */
import { opsGameMaintenanceBodySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { setGameMaintenance } from '~/features/catalog/server/ops-games';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'games', now);
  const body = await readJson(ctx.request, opsGameMaintenanceBodySchema);
  return ok(await setGameMaintenance(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
