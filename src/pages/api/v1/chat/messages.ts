/**
 * /api/v1/chat/messages (Bearer, or a visitor's X-Chat-Visitor; customer-service chat)
 * GET ?before_id=&after_id=&limit= → ChatHistory: a page of the user's history over all their
 *   conversations (before_id: older; none: the newest), or with after_id what came since (the
 *   poll that stands in for a failed stream), plus the state.
 * POST { type: 'text', text } | { type: 'image', image_id } | { type: 'order', order_no } →
 *   ChatSendResult. 404 for an image or order that is not the user's, 429 past the rate; a
 *   visitor sends text only (403) and is limited per visitor and per address.
 */
import { chatCaller, sendOwnerMessage, userHistory } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';
import { allowOnly } from '~/platform/http/http';
import { serve } from '~/platform/http/serve';

const history = serve(CHAT_WIRE.history, chatCaller, async (ctx, query, { owner, now }) => userHistory(ctx.db, owner, query, now));

const send = serve(CHAT_WIRE.send, chatCaller, async (ctx, body, { owner, ip, now }) => sendOwnerMessage(ctx.db, owner, body, now, ip));

// Two routes on one path: each serves its own method, and every other one is refused naming both.
export const { GET, HEAD } = history;
export const { POST } = send;
export const ALL = allowOnly('GET', 'POST');
