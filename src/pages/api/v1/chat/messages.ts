/**
 * /api/v1/chat/messages (Bearer; customer-service chat)
 * GET ?before_id=&after_id=&limit= → ChatHistory: a page of the user's history over all their
 *   conversations (before_id: older; none: the newest), or with after_id what came since (the
 *   poll that stands in for a failed stream), plus the state.
 * POST { type: 'text', text } | { type: 'image', image_id } | { type: 'order', order_no } →
 *   ChatSendResult. 404 for an image or order that is not the user's, 429 past the rate.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readJson, readQuery } from '~/platform/http/http';
import { chatHistoryQuerySchema, chatSendBodySchema } from '~/features/chat/contract/chat-schemas';
import { sendUserMessage, userHistory } from '~/features/chat/server/user-chat';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const query = await readQuery(ctx.url, chatHistoryQuerySchema);
  return ok(await userHistory(ctx.db, userId, query, now));
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, chatSendBodySchema);
  return ok(await sendUserMessage(ctx.db, userId, body, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET', 'POST');
