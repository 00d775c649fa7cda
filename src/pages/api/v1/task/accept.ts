/**
 * POST /api/v1/task/accept { offer_id } (Bearer) → { order_no, task_id }: the task's owner accepts an
 * offer; an ordinary unpaid rental order at the offered price, paid like any other. 404 报价不存在
 * for anyone but the owner; 409 when another offer was accepted or the task is no longer open;
 * 403 code 1003 without real-name verification. Accepting the same offer again answers the same order.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { taskAcceptBodySchema } from '~/features/tasks/contract';
import { acceptOffer } from '~/features/tasks/server/wanted-tasks';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, taskAcceptBodySchema);
  return ok(await acceptOffer(ctx.db, userId, body.offer_id, now));
});
export const ALL = allowOnly('POST');
