/**
 * POST /api/v1/account/goldTask (Bearer) `{ key }` → GoldOverview. 400 未知的任务; 409 任务尚未完成 /
 * 奖励已领取.
 */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { claimGoldTask, goldTaskBodySchema } from '~/server/services/gold-coins';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { key } = await readJson(ctx.request, goldTaskBodySchema);
  return ok(await claimGoldTask(ctx.db, userId, key, now));
});

export const ALL = allowOnly('POST');
