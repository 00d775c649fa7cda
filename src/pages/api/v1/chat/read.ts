/**
 * POST /api/v1/chat/read { message_id } (Bearer) → { unread }: the user has read the
 * chat up to that message (the desk's messages show 已读 to the agent; never moves back).
 */
import { signedIn } from '~/features/sign-in/server';
import { markUserRead } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CHAT_WIRE.read, signedIn, async (ctx, { message_id }, { userId }) => markUserRead(ctx.db, userId, message_id));
