/**
 * GET /api/v1/chat/state (Bearer) → ChatState: the open (or last) conversation, the
 * unread count for the 在线客服 badge, and how many agents are online.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok } from '~/platform/http/http';
import { userChatState } from '~/features/chat/server/views';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await userChatState(ctx.db, userId, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
