/**
 * GET /api/v1/chat/state (Bearer) → ChatState: the open (or last) conversation, the
 * unread count for the 在线客服 badge, and how many agents are online.
 */
import { signedIn } from '~/features/sign-in/server';
import { userChatState } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CHAT_WIRE.state, signedIn, async (ctx, _input, { userId, now }) => userChatState(ctx.db, userId, now));
