/**
 * GET /api/v1/task/detail?id → TaskDetail: the task for anyone; its offers only for its owner (all)
 * and for a seller who offered (their own). 404 任务不存在.
 *
 * Not served by `serve`: the answer carries its own cache header (private, no-store), which a
 * served route cannot set; the request is still read with the route's schema (features/tasks/wire.ts).
 */
import { optionalUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { TASK_WIRE } from '~/features/tasks/wire';
import { getTaskDetail } from '~/features/tasks/server/wanted-tasks';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { id } = await readQuery(ctx.url, TASK_WIRE.detail.input);
  const viewer = await optionalUser(ctx, now);
  return ok(await getTaskDetail(ctx.db, id, viewer?.userId ?? null, now), { headers: { 'cache-control': 'private, no-store' } });
});
export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
