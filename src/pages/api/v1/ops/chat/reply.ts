/**
 * POST /api/v1/ops/chat/reply { conversation_id, type: 'text', text } | { conversation_id, type:
 * 'image', image_id } (operator, chat) → the message: only into the caller's own
 * conversation (409 otherwise), 429 past the agents' rate.
 */
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { chatReplyBodySchema } from '~/features/chat/contract/chat-schemas';
import { replyToConversation } from '~/features/chat/server/agent-chat';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'chat', now);
  const body = await readJson(ctx.request, chatReplyBodySchema);
  return ok(await replyToConversation(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
