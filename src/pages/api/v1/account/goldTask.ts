/**
 * POST /api/v1/account/goldTask (Bearer) `{ key }` → GoldOverview. 400 未知的任务; 409 任务尚未完成 /
 * 奖励已领取.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { claimGoldTask, goldTaskBodySchema } from '~/features/wallet/server/gold-coins';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { key } = await readJson(ctx.request, goldTaskBodySchema);
  return ok(await claimGoldTask(ctx.db, userId, key, now));
});

export const ALL = allowOnly('POST');
