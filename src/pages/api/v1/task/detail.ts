/**
 * GET /api/v1/task/detail?id → TaskDetail: the task for anyone; its offers only for its owner (all)
 * and for a seller who offered (their own). 404 任务不存在. The answer is private, no-store.
 */
import { optionalUser } from '~/features/sign-in/server';
import { TASK_WIRE } from '~/features/tasks/wire';
import { getTaskDetail } from '~/features/tasks/server';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(TASK_WIRE.detail, async (ctx, { id }) => {
  const now = new Date();
  const viewer = await optionalUser(ctx, now);
  return getTaskDetail(ctx.db, id, viewer?.userId ?? null, now);
});
