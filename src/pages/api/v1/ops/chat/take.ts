/**
 * POST /api/v1/ops/chat/take { conversation_id } (operator, chat) → the conversation's
 * summary: waiting → assigned to the caller; 409 该会话已被其他客服接入 when another agent took it first. Audited (chat.take).
 */
import { serveConsole } from '~/features/console/server';
import { takeConversation } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';

export const { POST, ALL } = serveConsole(CHAT_WIRE.opsTake, 'chat', async (ctx, { conversation_id }, { actor, now }) => takeConversation(ctx.db, actor, conversation_id, now));
