/**
 * GET /api/v1/ops/chat/stream (operator, chat): server-sent events of the console, a
 * summary per changed conversation and the counters; while it is open the agent counts as online.
 */
import { handle } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server';
import { openConsoleStream } from '~/features/chat/server';

export const GET = handle(async (ctx) => {
  const actor = await requireOperator(ctx, 'chat', new Date());
  return openConsoleStream(ctx.db, actor.operatorId);
});

export const ALL = opsAllowOnly('GET');
