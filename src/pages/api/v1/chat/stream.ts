/**
 * GET /api/v1/chat/stream?after_id= (Bearer): server-sent events of the user's chat,
 * resumed after `Last-Event-ID` or `after_id` (services/chat/streams.ts). Refusals are ordinary
 * envelopes (401, 400) before the stream starts.
 */
import { requireUser } from '~/features/sign-in/server';
import { allowOnly, handle, readQuery } from '~/platform/http/http';
import { chatStreamInputSchema } from '~/features/chat/wire';
import { openUserStream, resumeAfter } from '~/features/chat/server';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx, new Date());
  const query = await readQuery(ctx.url, chatStreamInputSchema);
  return openUserStream(ctx.db, userId, resumeAfter(ctx.request, query.after_id));
});

export const ALL = allowOnly('GET');
