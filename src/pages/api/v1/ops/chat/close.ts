/**
 * POST /api/v1/ops/chat/close { conversation_id } (operator, chat) → the conversation's
 * summary: the caller's conversation (or a waiting one; any, for an admin) ends with 会话已结束. Audited (chat.close).
 */
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { chatConversationBodySchema } from '~/features/chat/contract/chat-schemas';
import { closeConversation } from '~/features/chat/server/agent-chat';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'chat', now);
  const body = await readJson(ctx.request, chatConversationBodySchema);
  return ok(await closeConversation(ctx.db, actor, body.conversation_id, now));
});

export const ALL = opsAllowOnly('POST');
