/**
 * GET /api/v1/chat/state (Bearer; issue 15) → ChatState: the open (or last) conversation, the
 * unread count for the 在线客服 badge, and how many agents are online.
 */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, headOf, ok } from '~/server/http';
import { userChatState } from '~/server/services/chat/views';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await userChatState(ctx.db, userId, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
