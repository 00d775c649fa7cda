/** GET /api/v1/ops/games → OpsGameView[] (permission `games`): every game with its maintenance state. */
import { handle, headOf, ok } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listGamesForOps } from '~/features/catalog/server/ops-games';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'games', now);
  return ok(await listGamesForOps(ctx.db, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
