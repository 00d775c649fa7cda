/**
 * POST /api/v1/ops/chat/release { conversation_id } (operator, chat) → the conversation's
 * summary: the caller's conversation goes back to the queue (transfer). Audited (chat.release).
 */
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { chatConversationBodySchema } from '~/features/chat/contract/chat-schemas';
import { releaseConversation } from '~/features/chat/server/agent-chat';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'chat', now);
  const body = await readJson(ctx.request, chatConversationBodySchema);
  return ok(await releaseConversation(ctx.db, actor, body.conversation_id, now));
});

export const ALL = opsAllowOnly('POST');
