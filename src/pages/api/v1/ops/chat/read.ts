/**
 * POST /api/v1/ops/chat/read { conversation_id, message_id } (operator, chat) → the
 * summary: the desk has read the conversation up to that message (the user sees 已读).
 */
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { chatOpsReadBodySchema } from '~/features/chat/contract/chat-schemas';
import { markAgentRead } from '~/features/chat/server/agent-chat';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'chat', now);
  const body = await readJson(ctx.request, chatOpsReadBodySchema);
  return ok(await markAgentRead(ctx.db, actor, body.conversation_id, body.message_id, now));
});

export const ALL = opsAllowOnly('POST');
