/**
 * GET /api/v1/ops/campaigns/lottery-prizes → OpsLotteryPrizeView[]: every activity's lottery prizes
 * with stock, weight, the chance each has now and how often each was won. Permission `campaigns`.
 */
import { handle, headOf, ok } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listLotteryPrizes } from '~/features/campaigns/server/ops-lottery-prizes';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'campaigns', new Date());
  return ok(await listLotteryPrizes(ctx.db));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
