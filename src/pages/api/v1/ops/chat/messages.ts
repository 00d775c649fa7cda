/**
 * GET /api/v1/ops/chat/messages?conversation_id=&before_id=&after_id=&limit= (operator, chat)
 * → ChatOpsHistory: the conversation and its user's messages over all conversations.
 */
import { serveConsole } from '~/features/console/server';
import { conversationHistory } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';

export const { GET, HEAD, ALL } = serveConsole(CHAT_WIRE.opsHistory, 'chat', async (ctx, query, { now }) => conversationHistory(ctx.db, query, now));
