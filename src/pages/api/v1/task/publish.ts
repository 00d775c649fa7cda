/**
 * POST /api/v1/task/publish { game_id, requirements, budget_hour_fen, hours, expiry_hours } (Bearer)
 * → TaskView. 400 with the field's Chinese message; 409 when the caller already has the most open
 * tasks allowed; 429 past the day's publishing limit.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { taskPublishBodySchema } from '~/features/tasks/contract';
import { publishTask } from '~/features/tasks/server/wanted-tasks';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, taskPublishBodySchema);
  return ok(await publishTask(ctx.db, userId, body, now));
});
export const ALL = allowOnly('POST');
