/**
 * GET /api/v1/ops/chat/conversations?view=queue|mine|open|closed (operator, permission chat; issue
 * 15) → ChatOpsList: the queue oldest first, my conversations, every open one, or the closed ones.
 */
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { chatOpsListQuerySchema } from '~/features/chat/contract/chat-schemas';
import { listConversations } from '~/features/chat/server/agent-chat';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'chat', now);
  const query = await readQuery(ctx.url, chatOpsListQuerySchema);
  return ok(await listConversations(ctx.db, actor, query.view, now));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
