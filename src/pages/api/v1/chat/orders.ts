/**
 * GET /api/v1/chat/orders (Bearer) → ChatOrderChoice[]: the orders the user may attach as
 * a card (their own, and rentals of the shop they own), newest first.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok } from '~/platform/http/http';
import { chatOrderChoices } from '~/features/chat/server/user-chat';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await chatOrderChoices(ctx.db, userId, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
