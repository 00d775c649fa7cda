/**
 * GET /api/v1/ops/chat/messages?conversation_id=&before_id=&after_id=&limit= (operator, chat;
 *) → ChatOpsHistory: the conversation and its user's messages over all conversations.
 */
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { chatOpsHistoryQuerySchema } from '~/features/chat/contract/chat-schemas';
import { conversationHistory } from '~/features/chat/server/agent-chat';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'chat', now);
  const query = await readQuery(ctx.url, chatOpsHistoryQuerySchema);
  return ok(await conversationHistory(ctx.db, query, now));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
