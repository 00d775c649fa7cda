/**
 * POST /api/v1/ops/chat/release { conversation_id } (operator, chat) → the conversation's
 * summary: the caller's conversation goes back to the queue (transfer). Audited (chat.release).
 */
import { serveConsole } from '~/features/console/server';
import { releaseConversation } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';

export const { POST, ALL } = serveConsole(CHAT_WIRE.opsRelease, 'chat', async (ctx, { conversation_id }, { actor, now }) => releaseConversation(ctx.db, actor, conversation_id, now));
