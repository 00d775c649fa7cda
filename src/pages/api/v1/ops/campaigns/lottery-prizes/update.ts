/**
 * POST /api/v1/ops/campaigns/lottery-prizes/update `{ id, stock (integer ≥ 0, absent or null:
 * unlimited), weight (integer ≥ 1) }` → OpsLotteryPrizeView (permission `campaigns`): from the next
 * draw on. 409 when it would leave the activity without an unlimited prize. Audited (lottery_prize.update).
 */
import { lotteryPrizeUpdateBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { opsAllowOnly, opsJsonPost } from '~/features/console/server/ops-auth';
import { updateLotteryPrize } from '~/features/campaigns/server/ops-lottery-prizes';

export const POST = opsJsonPost('campaigns', lotteryPrizeUpdateBodySchema, (ctx, actor, body, now) => updateLotteryPrize(ctx.db, actor, body, now));
export const ALL = opsAllowOnly('POST');
