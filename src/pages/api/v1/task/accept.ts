/**
 * POST /api/v1/task/accept { offer_id } (Bearer) → { order_no, task_id }: the task's owner accepts an
 * offer; an ordinary unpaid rental order at the offered price, paid like any other. 404 报价不存在
 * for anyone but the owner; 409 when another offer was accepted or the task is no longer open;
 * 403 code 1003 without real-name verification. Accepting the same offer again answers the same order.
 */
import { signedIn } from '~/features/sign-in/server';
import { acceptOffer } from '~/features/tasks/server';
import { TASK_WIRE } from '~/features/tasks/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(TASK_WIRE.accept, signedIn, async (ctx, body, { userId, now }) => {
  return acceptOffer(ctx.db, userId, body.offer_id, now);
});
