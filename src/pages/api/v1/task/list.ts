/**
 * GET /api/v1/task/list?game_id&page&page_size → Page<TaskView> (wanted board): open tasks
 * not yet expired, newest first. Public; a signed-in caller's own tasks carry is_mine.
 */
import { optionalUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { taskHallQuerySchema } from '~/features/tasks/contract';
import { listTaskHall } from '~/features/tasks/server/wanted-tasks';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const query = await readQuery(ctx.url, taskHallQuerySchema);
  const viewer = await optionalUser(ctx, now);
  return ok(await listTaskHall(ctx.db, query, viewer?.userId ?? null, now));
});
export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
