/**
 * GET /api/v1/ops/chat/messages?conversation_id=&before_id=&after_id=&limit= (operator, chat;
 * issue 15) → ChatOpsHistory: the conversation and its user's messages over all conversations.
 */
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { chatOpsHistoryQuerySchema } from '~/lib/contract/chat-schemas';
import { conversationHistory } from '~/server/services/chat/agent-chat';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'chat', now);
  const query = await readQuery(ctx.url, chatOpsHistoryQuerySchema);
  return ok(await conversationHistory(ctx.db, query, now));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
