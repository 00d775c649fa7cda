/** POST /api/v1/rank/drawLottery (Bearer) → DrawResult: one draw on the server; 409 暂无抽奖机会 without a chance. */
import { drawLottery } from '~/features/activities/server';
import { ACTIVITY_WIRE } from '~/features/activities/wire';
import { signedIn } from '~/features/sign-in/server';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACTIVITY_WIRE.drawLottery, signedIn, async (ctx, _input, { userId, now }) => drawLottery(ctx.db, userId, now));
