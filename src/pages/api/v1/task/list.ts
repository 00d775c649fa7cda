/**
 * GET /api/v1/task/list?game_id&page&page_size → Page<TaskView> (issue 16 wanted board): open tasks
 * not yet expired, newest first. Public; a signed-in caller's own tasks carry is_mine.
 */
import { optionalUser } from '~/server/auth';
import { allowOnly, handle, headOf, ok, readQuery } from '~/server/http';
import { taskHallQuerySchema } from '~/lib/contract/tasks';
import { listTaskHall } from '~/server/services/wanted-tasks';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const query = await readQuery(ctx.url, taskHallQuerySchema);
  const viewer = await optionalUser(ctx, now);
  return ok(await listTaskHall(ctx.db, query, viewer?.userId ?? null, now));
});
export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
