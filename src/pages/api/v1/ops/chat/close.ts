/**
 * POST /api/v1/ops/chat/close { conversation_id } (operator, chat) → the conversation's
 * summary: the caller's conversation (or a waiting one; any, for an admin) ends with 会话已结束. Audited (chat.close).
 */
import { serveConsole } from '~/features/console/server';
import { closeConversation } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';

export const { POST, ALL } = serveConsole(CHAT_WIRE.opsClose, 'chat', async (ctx, { conversation_id }, { actor, now }) => closeConversation(ctx.db, actor, conversation_id, now));
