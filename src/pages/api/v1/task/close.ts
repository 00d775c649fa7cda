/** POST /api/v1/task/close { task_id } (Bearer) → TaskView: the owner takes an open task off the board. 404 for others; 409 when not open. */
import { signedIn } from '~/features/sign-in/server';
import { closeTask } from '~/features/tasks/server';
import { TASK_WIRE } from '~/features/tasks/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(TASK_WIRE.close, signedIn, async (ctx, body, { userId, now }) => {
  return closeTask(ctx.db, userId, body.task_id, now);
});
