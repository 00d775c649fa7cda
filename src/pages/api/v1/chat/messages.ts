/**
 * /api/v1/chat/messages (Bearer; customer-service chat)
 * GET ?before_id=&after_id=&limit= → ChatHistory: a page of the user's history over all their
 *   conversations (before_id: older; none: the newest), or with after_id what came since (the
 *   poll that stands in for a failed stream), plus the state.
 * POST { type: 'text', text } | { type: 'image', image_id } | { type: 'order', order_no } →
 *   ChatSendResult. 404 for an image or order that is not the user's, 429 past the rate.
 */
import { signedIn } from '~/features/sign-in/server';
import { sendUserMessage, userHistory } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';
import { allowOnly } from '~/platform/http/http';
import { serve } from '~/platform/http/serve';

const history = serve(CHAT_WIRE.history, signedIn, async (ctx, query, { userId, now }) => userHistory(ctx.db, userId, query, now));

const send = serve(CHAT_WIRE.send, signedIn, async (ctx, body, { userId, now }) => sendUserMessage(ctx.db, userId, body, now));

// Two routes on one path: each serves its own method, and every other one is refused naming both.
export const { GET, HEAD } = history;
export const { POST } = send;
export const ALL = allowOnly('GET', 'POST');
