/**
 * POST /api/v1/ops/chat/read { conversation_id, message_id } (operator, chat) → the
 * summary: the desk has read the conversation up to that message (the user sees 已读).
 */
import { serveConsole } from '~/features/console/server';
import { markAgentRead } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';

export const { POST, ALL } = serveConsole(CHAT_WIRE.opsRead, 'chat', async (ctx, { conversation_id, message_id }, { actor, now }) => markAgentRead(ctx.db, actor, conversation_id, message_id, now));
