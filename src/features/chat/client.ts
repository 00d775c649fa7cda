/**
 * The customer-service chat's calls (contract/chat.ts, routes.ts): the renter's side under
 * /chat, the console's under /ops/chat. Every renter call needs the signed-in user's token; the
 * console's go with the operator's same-origin cookie.
 */
import type { ChatHistory, ChatJoinResult, ChatMessageView, ChatOpsHistory, ChatOpsList, ChatOpsView, ChatOrderChoice, ChatReadResult, ChatSendResult, ChatState, ChatConversationSummary } from '~/features/chat/contract/chat';
import { CHAT_ROUTES, VISITOR_TOKEN_HEADER, type ChatPageQuery, type ChatSendInput, type ChatUploadAnswer } from '~/features/chat/routes';
import { readVisitorToken, writeVisitorToken } from '~/features/chat/visitor-token';
import { CODE_SUCCESS } from '~/platform/config/constants';
import { hrefOf } from '~/platform/wire/route';
import { call, resolveUrl, upload } from '~/platform/client/client';
import { UPLOAD_ROUTES } from '~/platform/wire/uploads';
import { ApiError } from '~/platform/client/errors';
import { callConsole } from '~/platform/client/console';

export type * from '~/features/chat/contract/chat';
export type { ChatPageQuery, ChatSendInput };

/** The streams' paths, opened with EventSource (chat-connection.ts) rather than a call. */
export const CHAT_STREAM_PATH = CHAT_ROUTES.stream.path;
export const CHAT_OPS_STREAM_PATH = CHAT_ROUTES.opsStream.path;

/** The absolute (or same-origin) URL of a stream path, as the client resolves every call. */
export function chatStreamUrl(path: string): string {
  return resolveUrl(path);
}

/**
 * Who the renter's calls speak for: the signed-in user (the client adds the Bearer), or, for a
 * visitor, the visitor token in its header (null: a visitor who has not written yet).
 */
export function visitorHeaders(visitorToken: string | null): Record<string, string> {
  return visitorToken ? { [VISITOR_TOKEN_HEADER]: visitorToken } : {};
}

export function getChatHistory(query: ChatPageQuery = {}, quiet = false, visitorToken: string | null = null): Promise<ChatHistory> {
  return call(CHAT_ROUTES.history, { ...query }, { quiet, headers: visitorHeaders(visitorToken) });
}

export function getChatState(visitorToken: string | null = null): Promise<ChatState> {
  return call(CHAT_ROUTES.state, {}, { quiet: true, headers: visitorHeaders(visitorToken) });
}

export function sendChatMessage(input: ChatSendInput, visitorToken: string | null = null, quiet = false): Promise<ChatSendResult> {
  return call(CHAT_ROUTES.send, input, { headers: visitorHeaders(visitorToken), quiet });
}

export function markChatRead(messageId: number, visitorToken: string | null = null): Promise<ChatReadResult> {
  return call(CHAT_ROUTES.read, { message_id: messageId }, { quiet: true, headers: visitorHeaders(visitorToken) });
}

/** A new visitor for this browser (no sign-in); the caller keeps the token. */
export async function mintVisitorToken(): Promise<string> {
  // No Bearer and no body: the JSON content type says "not a form", so the cross-site form check
  // (origin-check.ts) lets it through also when the API is on another host than the page.
  const { token } = await call(CHAT_ROUTES.visitor, {}, { noToken: true, headers: { 'content-type': 'application/json' } });
  writeVisitorToken(token);
  return token;
}

let joining: Promise<ChatJoinResult | null> | null = null;

/**
 * The browser signed in: its visitor's conversations join the account (the server does it once;
 * two callers at once share one request). The token is forgotten once the server answered, joined
 * or not (unknown, or joined before): it names no visitor any more.
 */
export function joinVisitorChat(): Promise<ChatJoinResult | null> {
  const token = readVisitorToken();
  if (!token) return Promise.resolve(null);
  joining ??= call(CHAT_ROUTES.join, {}, { quiet: true, headers: visitorHeaders(token) })
    .then((result) => {
      writeVisitorToken(null);
      return result;
    })
    .catch(() => null)
    .finally(() => {
      joining = null;
    });
  return joining;
}

export function getChatOrders(): Promise<ChatOrderChoice[]> {
  return call(CHAT_ROUTES.orders, {});
}

/** POST uploads/image with purpose chat (JPEG, PNG or WebP, at most 5 MB). */
export function uploadChatImage(file: File): Promise<ChatUploadAnswer> {
  const form = new FormData();
  form.set('purpose', 'chat');
  form.set('file', file);
  return upload(UPLOAD_ROUTES.image, form);
}

// ---------------------------------------------------------------------------------------------
// the console (its own cookie, through the console's client: platform/client/console.ts)

export function getOpsConversations(view: ChatOpsView): Promise<ChatOpsList> {
  return callConsole(CHAT_ROUTES.opsConversations, { view });
}

export function getOpsHistory(conversationId: number, query: ChatPageQuery = {}): Promise<ChatOpsHistory> {
  return callConsole(CHAT_ROUTES.opsHistory, { conversation_id: conversationId, ...query });
}

export function takeConversation(conversationId: number): Promise<ChatConversationSummary> {
  return callConsole(CHAT_ROUTES.opsTake, { conversation_id: conversationId });
}

export function closeConversation(conversationId: number): Promise<ChatConversationSummary> {
  return callConsole(CHAT_ROUTES.opsClose, { conversation_id: conversationId });
}

export function releaseConversation(conversationId: number): Promise<ChatConversationSummary> {
  return callConsole(CHAT_ROUTES.opsRelease, { conversation_id: conversationId });
}

export function replyText(conversationId: number, text: string): Promise<ChatMessageView> {
  return callConsole(CHAT_ROUTES.opsReply, { conversation_id: conversationId, type: 'text', text });
}

export function replyImage(conversationId: number, imageId: number): Promise<ChatMessageView> {
  return callConsole(CHAT_ROUTES.opsReply, { conversation_id: conversationId, type: 'image', image_id: imageId });
}

export function markConversationRead(conversationId: number, messageId: number): Promise<ChatConversationSummary> {
  return callConsole(CHAT_ROUTES.opsRead, { conversation_id: conversationId, message_id: messageId });
}

/**
 * POST /api/v1/ops/chat/image (multipart): the console's own upload, same checks as a user's. A
 * fetch of its own rather than uploadConsole, so a failure keeps its message (上传失败（status） for a
 * body that is not the envelope, the browser's own for a network failure).
 */
export async function uploadOpsChatImage(file: File): Promise<ChatUploadAnswer> {
  const form = new FormData();
  form.set('file', file);
  const response = await fetch(hrefOf(CHAT_ROUTES.opsImage), { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: ChatUploadAnswer } | null;
  if (!body || body.code !== CODE_SUCCESS || !body.data) throw new ApiError({ kind: 'http', httpStatus: response.status, msg: body?.msg ?? `上传失败（${response.status}）`, code: body?.code });
  return body.data;
}
