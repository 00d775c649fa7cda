/**
 * GET /api/v1/chat/stream?after_id= (Bearer; issue 15): server-sent events of the user's chat,
 * resumed after `Last-Event-ID` or `after_id` (services/chat/streams.ts). Refusals are ordinary
 * envelopes (401, 400) before the stream starts.
 */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, readQuery } from '~/server/http';
import { chatStreamQuerySchema } from '~/lib/contract/chat-schemas';
import { openUserStream, resumeAfter } from '~/server/services/chat/streams';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx, new Date());
  const query = await readQuery(ctx.url, chatStreamQuerySchema);
  return openUserStream(ctx.db, userId, resumeAfter(ctx.request, query.after_id));
});

export const ALL = allowOnly('GET');
