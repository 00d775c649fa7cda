/**
 * POST /api/v1/account/goldTask (Bearer) `{ key }` → GoldOverview. 400 未知的任务; 409 任务尚未完成 /
 * 奖励已领取.
 */
import { signedIn } from '~/features/sign-in/server';
import { claimGoldTask } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(WALLET_WIRE.claimGoldTask, signedIn, async (ctx, { key }, { userId, now }) => {
  return claimGoldTask(ctx.db, userId, key, now);
});
