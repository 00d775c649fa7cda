/**
 * GET /api/v1/ops/chat/conversations?view=queue|mine|open|closed (operator, permission
 * chat) → ChatOpsList: the queue oldest first, my conversations, every open one, or the closed ones.
 */
import { serveConsole } from '~/features/console/server';
import { listConversations } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';

export const { GET, HEAD, ALL } = serveConsole(CHAT_WIRE.opsConversations, 'chat', async (ctx, { view }, { actor, now }) => listConversations(ctx.db, actor, view, now));
