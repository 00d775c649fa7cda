/** POST /api/v1/rank/drawLottery (Bearer) → DrawResult: one draw on the server; 409 暂无抽奖机会 without a chance. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { drawLottery } from '~/features/activities/server/lottery';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await drawLottery(ctx.db, userId, now));
});

export const ALL = allowOnly('POST');
