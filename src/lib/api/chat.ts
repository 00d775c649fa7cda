/**
 * The customer-service chat's calls (issue 15; contract/chat.ts): the renter's side under
 * /chat, the console's under /ops/chat. Every renter call needs the signed-in user's token; the
 * console's go with the operator's same-origin cookie.
 */
import type { ChatHistory, ChatMessageView, ChatOpsHistory, ChatOpsList, ChatOpsView, ChatOrderChoice, ChatReadResult, ChatSendResult, ChatState, ChatConversationSummary } from '../contract/chat';
import { apiGet, apiPost, resolveUrl } from './client';

export type * from '../contract/chat';

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
  return apiPost('/uploads/image', form);
}

// ---------------------------------------------------------------------------------------------
// the console

export function getOpsConversations(view: ChatOpsView): Promise<ChatOpsList> {
  return apiGet('/ops/chat/conversations', { view }, { quiet: true });
}

export function getOpsHistory(conversationId: number, query: ChatPageQuery = {}): Promise<ChatOpsHistory> {
  return apiGet('/ops/chat/messages', { conversation_id: conversationId, ...query }, { quiet: true });
}

export function takeConversation(conversationId: number): Promise<ChatConversationSummary> {
  return apiPost('/ops/chat/take', { conversation_id: conversationId });
}

export function closeConversation(conversationId: number): Promise<ChatConversationSummary> {
  return apiPost('/ops/chat/close', { conversation_id: conversationId });
}

export function releaseConversation(conversationId: number): Promise<ChatConversationSummary> {
  return apiPost('/ops/chat/release', { conversation_id: conversationId });
}

export function replyText(conversationId: number, text: string): Promise<ChatMessageView> {
  return apiPost('/ops/chat/reply', { conversation_id: conversationId, type: 'text', text });
}

export function replyImage(conversationId: number, imageId: number): Promise<ChatMessageView> {
  return apiPost('/ops/chat/reply', { conversation_id: conversationId, type: 'image', image_id: imageId });
}

export function markConversationRead(conversationId: number, messageId: number): Promise<ChatConversationSummary> {
  return apiPost('/ops/chat/read', { conversation_id: conversationId, message_id: messageId }, { quiet: true });
}

export function uploadOpsChatImage(file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.set('file', file);
  return apiPost('/ops/chat/image', form);
}
