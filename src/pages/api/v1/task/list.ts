/**
 * GET /api/v1/task/list?game_id&page&page_size → Page<TaskView> (wanted board): open tasks
 * not yet expired, newest first. Public; a signed-in caller's own tasks carry is_mine.
 */
import { optionalUser } from '~/features/sign-in/server';
import { listTaskHall } from '~/features/tasks/server';
import { TASK_WIRE } from '~/features/tasks/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(TASK_WIRE.list, async (ctx, query) => {
  const now = new Date();
  const viewer = await optionalUser(ctx, now);
  return listTaskHall(ctx.db, query, viewer?.userId ?? null, now);
});
