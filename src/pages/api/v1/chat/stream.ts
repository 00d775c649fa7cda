/**
 * GET /api/v1/chat/stream?after_id= (Bearer, or a visitor's X-Chat-Visitor): server-sent events of the user's chat,
 * resumed after `Last-Event-ID` or `after_id` (services/chat/streams.ts). Refusals are ordinary
 * envelopes (401, 400) before the stream starts.
 */
import { allowOnly, handle, readQuery } from '~/platform/http/http';
import { chatStreamInputSchema } from '~/features/chat/wire';
import { chatCaller, openUserStream, resumeAfter } from '~/features/chat/server';

export const GET = handle(async (ctx) => {
  const { owner } = await chatCaller(ctx);
  const query = await readQuery(ctx.url, chatStreamInputSchema);
  return openUserStream(ctx.db, owner, resumeAfter(ctx.request, query.after_id));
});

export const ALL = allowOnly('GET');
