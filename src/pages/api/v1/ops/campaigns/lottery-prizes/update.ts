/**
 * POST /api/v1/ops/campaigns/lottery-prizes/update `{ id, stock (integer ≥ 0, absent or null:
 * unlimited), weight (integer ≥ 1) }` → OpsLotteryPrizeView (permission `campaigns`): from the next
 * draw on. 409 when it would leave the activity without an unlimited prize. Audited (lottery_prize.update).
 */
import { serveConsole } from '~/features/console/server';
import { updateLotteryPrize } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.lotteryPrizeUpdate, 'campaigns', async (ctx, body, { actor, now }) => updateLotteryPrize(ctx.db, actor, body, now));
