/** GET /api/v1/task/mine?page&page_size (Bearer) → Page<TaskView>: the caller's tasks, every state, newest first. */
import { signedIn } from '~/features/sign-in/server';
import { listMyTasks } from '~/features/tasks/server';
import { TASK_WIRE } from '~/features/tasks/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(TASK_WIRE.mine, signedIn, async (ctx, query, { userId, now }) => {
  return listMyTasks(ctx.db, userId, query, now);
});
