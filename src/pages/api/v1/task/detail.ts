/**
 * GET /api/v1/task/detail?id → TaskDetail: the task for anyone; its offers only for its owner (all)
 * and for a seller who offered (their own). 404 任务不存在.
 */
import { optionalUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { taskIdQuerySchema } from '~/features/tasks/contract';
import { getTaskDetail } from '~/features/tasks/server/wanted-tasks';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { id } = await readQuery(ctx.url, taskIdQuerySchema);
  const viewer = await optionalUser(ctx, now);
  return ok(await getTaskDetail(ctx.db, id, viewer?.userId ?? null, now), { headers: { 'cache-control': 'private, no-store' } });
});
export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
