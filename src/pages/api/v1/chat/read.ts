/**
 * POST /api/v1/chat/read { message_id } (Bearer) → { unread }: the user has read the
 * chat up to that message (the desk's messages show 已读 to the agent; never moves back).
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { chatReadBodySchema } from '~/features/chat/contract/chat-schemas';
import { markUserRead } from '~/features/chat/server/user-chat';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx, new Date());
  const body = await readJson(ctx.request, chatReadBodySchema);
  return ok(await markUserRead(ctx.db, userId, body.message_id));
});

export const ALL = allowOnly('POST');
