/**
 * GET /api/v1/chat/state (Bearer, or a visitor's X-Chat-Visitor) → ChatState: the open (or last) conversation, the
 * unread count for the 在线客服 badge, and how many agents are online.
 */
import { chatCaller, userChatState } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CHAT_WIRE.state, chatCaller, async (ctx, _input, { owner, now }) => userChatState(ctx.db, owner, now));
