/**
 * POST /api/v1/chat/read { message_id } (Bearer, or a visitor's X-Chat-Visitor) → { unread }: the user has read the
 * chat up to that message (the desk's messages show 已读 to the agent; never moves back).
 */
import { chatCaller, markUserRead } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CHAT_WIRE.read, chatCaller, async (ctx, { message_id }, { owner }) => markUserRead(ctx.db, owner, message_id));
