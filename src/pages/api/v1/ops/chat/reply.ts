/**
 * POST /api/v1/ops/chat/reply { conversation_id, type: 'text', text } | { conversation_id, type:
 * 'image', image_id } (operator, chat) → the message: only into the caller's own
 * conversation (409 otherwise), 429 past the agents' rate.
 */
import { serveConsole } from '~/features/console/server';
import { replyToConversation } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';

export const { POST, ALL } = serveConsole(CHAT_WIRE.opsReply, 'chat', async (ctx, body, { actor, now }) => replyToConversation(ctx.db, actor, body, now));
