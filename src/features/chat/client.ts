/**
 * The customer-service chat's calls (contract/chat.ts): the renter's side under
 * /chat, the console's under /ops/chat. Every renter call needs the signed-in user's token; the
 * console's go with the operator's same-origin cookie.
 */
import type { ChatHistory, ChatMessageView, ChatOpsHistory, ChatOpsList, ChatOpsView, ChatOrderChoice, ChatReadResult, ChatSendResult, ChatState, ChatConversationSummary } from '~/features/chat/contract/chat';
import { API_PREFIX, CODE_SUCCESS } from '~/platform/config/constants';
import { apiGet, apiPost, resolveUrl, upload } from '~/platform/client/client';
import { UPLOAD_ROUTES } from '~/platform/wire/uploads';
import { ApiError } from '~/platform/client/errors';
import { opsGet, opsPost } from '~/platform/client/console';

export type * from '~/features/chat/contract/chat';

export type ChatSendInput = { type: 'text'; text: string } | { type: 'image'; image_id: number } | { type: 'order'; order_no: string };

export interface ChatPageQuery {
  before_id?: number;
  after_id?: number;
  limit?: number;
}

export const CHAT_STREAM_PATH = '/chat/stream';
export const CHAT_OPS_STREAM_PATH = '/ops/chat/stream';

/** The absolute (or same-origin) URL of a stream path, as the client resolves every call. */
export function chatStreamUrl(path: string): string {
  return resolveUrl(path);
}

export function getChatHistory(query: ChatPageQuery = {}, quiet = false): Promise<ChatHistory> {
  return apiGet('/chat/messages', { ...query }, { quiet });
}

export function getChatState(): Promise<ChatState> {
  return apiGet('/chat/state', undefined, { quiet: true });
}

export function sendChatMessage(input: ChatSendInput): Promise<ChatSendResult> {
  return apiPost('/chat/messages', input);
}

export function markChatRead(messageId: number): Promise<ChatReadResult> {
  return apiPost('/chat/read', { message_id: messageId }, { quiet: true });
}

export function getChatOrders(): Promise<ChatOrderChoice[]> {
  return apiGet('/chat/orders');
}

interface UploadAnswer {
  id: number;
  card_url: string;
  detail_url: string;
}

/** POST uploads/image with purpose chat (JPEG, PNG or WebP, at most 5 MB). */
export function uploadChatImage(file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.set('purpose', 'chat');
  form.set('file', file);
  return upload(UPLOAD_ROUTES.image, form);
}

// ---------------------------------------------------------------------------------------------
// the console (its own cookie, through the console's client: api/ops.ts)

export function getOpsConversations(view: ChatOpsView): Promise<ChatOpsList> {
  return opsGet('/chat/conversations', { view });
}

export function getOpsHistory(conversationId: number, query: ChatPageQuery = {}): Promise<ChatOpsHistory> {
  return opsGet('/chat/messages', { conversation_id: conversationId, ...query });
}

export function takeConversation(conversationId: number): Promise<ChatConversationSummary> {
  return opsPost('/chat/take', { conversation_id: conversationId });
}

export function closeConversation(conversationId: number): Promise<ChatConversationSummary> {
  return opsPost('/chat/close', { conversation_id: conversationId });
}

export function releaseConversation(conversationId: number): Promise<ChatConversationSummary> {
  return opsPost('/chat/release', { conversation_id: conversationId });
}

export function replyText(conversationId: number, text: string): Promise<ChatMessageView> {
  return opsPost('/chat/reply', { conversation_id: conversationId, type: 'text', text });
}

export function replyImage(conversationId: number, imageId: number): Promise<ChatMessageView> {
  return opsPost('/chat/reply', { conversation_id: conversationId, type: 'image', image_id: imageId });
}

export function markConversationRead(conversationId: number, messageId: number): Promise<ChatConversationSummary> {
  return opsPost('/chat/read', { conversation_id: conversationId, message_id: messageId });
}

/** POST /api/v1/ops/chat/image (multipart): the console's own upload, same checks as a user's. */
export async function uploadOpsChatImage(file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.set('file', file);
  const response = await fetch(`${API_PREFIX}/ops/chat/image`, { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: UploadAnswer } | null;
  if (!body || body.code !== CODE_SUCCESS || !body.data) throw new ApiError({ kind: 'http', httpStatus: response.status, msg: body?.msg ?? `上传失败（${response.status}）`, code: body?.code });
  return body.data;
}
