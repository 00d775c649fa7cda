/** POST /api/v1/task/close { task_id } (Bearer) → TaskView: the owner takes an open task off the board. 404 for others; 409 when not open. */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { taskCloseBodySchema } from '~/lib/contract/tasks';
import { closeTask } from '~/server/services/wanted-tasks';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, taskCloseBodySchema);
  return ok(await closeTask(ctx.db, userId, body.task_id, now));
});
export const ALL = allowOnly('POST');
