/**
 * POST /api/v1/ops/chat/take { conversation_id } (operator, chat) → the conversation's
 * summary: waiting → assigned to the caller; 409 该会话已被其他客服接入 when another agent took it first. Audited (chat.take).
 */
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { chatConversationBodySchema } from '~/features/chat/contract/chat-schemas';
import { takeConversation } from '~/features/chat/server/agent-chat';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'chat', now);
  const body = await readJson(ctx.request, chatConversationBodySchema);
  return ok(await takeConversation(ctx.db, actor, body.conversation_id, now));
});

export const ALL = opsAllowOnly('POST');
