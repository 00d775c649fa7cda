/** GET /api/v1/task/mine?page&page_size (Bearer) → Page<TaskView>: the caller's tasks, every state, newest first. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { taskMineQuerySchema } from '~/features/tasks/contract';
import { listMyTasks } from '~/features/tasks/server/wanted-tasks';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const query = await readQuery(ctx.url, taskMineQuerySchema);
  return ok(await listMyTasks(ctx.db, userId, query, now));
});
export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
