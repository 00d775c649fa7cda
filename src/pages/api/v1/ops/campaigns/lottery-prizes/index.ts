/**
 * GET /api/v1/ops/campaigns/lottery-prizes → OpsLotteryPrizeView[]: every activity's lottery prizes
 * with stock, weight, the chance each has now and how often each was won. Permission `campaigns`.
 */
import { serveConsole } from '~/features/console/server';
import { listLotteryPrizes } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.lotteryPrizeList, 'campaigns', async (ctx) => listLotteryPrizes(ctx.db));
