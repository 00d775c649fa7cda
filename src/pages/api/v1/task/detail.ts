/**
 * GET /api/v1/task/detail?id → TaskDetail: the task for anyone; its offers only for its owner (all)
 * and for a seller who offered (their own). 404 任务不存在.
 */
import { optionalUser } from '~/server/auth';
import { allowOnly, handle, headOf, ok, readQuery } from '~/server/http';
import { taskIdQuerySchema } from '~/lib/contract/tasks';
import { getTaskDetail } from '~/server/services/wanted-tasks';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { id } = await readQuery(ctx.url, taskIdQuerySchema);
  const viewer = await optionalUser(ctx, now);
  return ok(await getTaskDetail(ctx.db, id, viewer?.userId ?? null, now), { headers: { 'cache-control': 'private, no-store' } });
});
export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
