/**
 * POST /api/v1/task/publish { game_id, requirements, budget_hour_fen, hours, expiry_hours } (Bearer)
 * → TaskView. 400 with the field's Chinese message; 409 when the caller already has the most open
 * tasks allowed; 429 past the day's publishing limit.
 */
import { signedIn } from '~/features/sign-in/server';
import { publishTask } from '~/features/tasks/server';
import { TASK_WIRE } from '~/features/tasks/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(TASK_WIRE.publish, signedIn, async (ctx, body, { userId, now }) => {
  return publishTask(ctx.db, userId, body, now);
});
