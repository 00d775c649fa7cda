/** POST /api/v1/task/close { task_id } (Bearer) → TaskView: the owner takes an open task off the board. 404 for others; 409 when not open. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { taskCloseBodySchema } from '~/features/tasks/contract';
import { closeTask } from '~/features/tasks/server/wanted-tasks';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, taskCloseBodySchema);
  return ok(await closeTask(ctx.db, userId, body.task_id, now));
});
export const ALL = allowOnly('POST');
