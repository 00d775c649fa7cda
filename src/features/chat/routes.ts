/**
 * The customer-service chat's routes, declared once: the renter's side under /chat (the signed-in
 * user's token), the console's under /ops/chat (permission `chat`, the operator's cookie). The
 * browser calls them with `call` / `callConsole` (chat/client.ts); the endpoints serve them with the
 * schemas of wire.ts. The two streams are server-sent events the browser opens with EventSource at
 * the route's path; the console's image upload is a multipart form.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type {
  ChatConversationSummary,
  ChatHistory,
  ChatJoinResult,
  ChatVisitorAnswer,
  ChatMessageView,
  ChatOpsHistory,
  ChatOpsList,
  ChatOpsView,
  ChatOrderChoice,
  ChatReadResult,
  ChatSendResult,
  ChatState,
} from '~/features/chat/contract/chat';

/** A page before `before_id` (older, for scrolling up) or after `after_id` (the poll); none: the newest. */
export interface ChatPageQuery {
  before_id?: number;
  after_id?: number;
  limit?: number;
}

export type ChatSendInput = { type: 'text'; text: string } | { type: 'image'; image_id: number } | { type: 'order'; order_no: string };

/** Agents send text and images (order cards are the user's). */
export type ChatReplyInput = { conversation_id: number; type: 'text'; text: string } | { conversation_id: number; type: 'image'; image_id: number };

/** What an image upload answers that the chat uses: its id to send, and its variants. */
export interface ChatUploadAnswer {
  id: number;
  card_url: string;
  detail_url: string;
}

/**
 * The header that carries a visitor's token (never a cookie: the site's credentials are never
 * ambient, so no call can be forged cross-site; docs/decisions.md "Visitors reach customer service").
 */
export const VISITOR_TOKEN_HEADER = 'X-Chat-Visitor';

export const CHAT_ROUTES = {
  /** The user's history over all their conversations, plus the state. */
  history: route.get<ChatPageQuery, ChatHistory>('/chat/messages'),
  /** 404 for an image or order that is not the user's, 429 past the rate. */
  send: route.post<ChatSendInput, ChatSendResult>('/chat/messages'),
  /** The open (or last) conversation, the unread count, the agents online. */
  state: route.get<NoInput, ChatState>('/chat/state'),
  /** Read up to that message (never moves back). */
  read: route.post<{ message_id: number }, ChatReadResult>('/chat/read'),
  /** The orders the user may attach as a card, newest first. */
  orders: route.get<NoInput, ChatOrderChoice[]>('/chat/orders'),
  /**
   * A new visitor (no sign-in): an opaque token the browser keeps and sends as VISITOR_TOKEN_HEADER
   * instead of a Bearer on the calls above (history, send text, state, read, stream). 429 past
   * CHAT_VISITOR_MINTS_PER_IP per window.
   */
  visitor: route.post<NoInput, ChatVisitorAnswer>('/chat/visitor'),
  /** Bearer and VISITOR_TOKEN_HEADER: the visitor's conversations join the account (once). */
  join: route.post<NoInput, ChatJoinResult>('/chat/join'),
  /** Server-sent events of the user's chat (EventSource), resumed after Last-Event-ID or after_id. */
  stream: route.get<{ after_id?: number }, never>('/chat/stream'),

  // the console (permission `chat`)
  /** The queue oldest first, my conversations, every open one, or the closed ones (default queue). */
  opsConversations: route.get<{ view?: ChatOpsView }, ChatOpsList>('/ops/chat/conversations'),
  /** The conversation and its user's messages over all conversations. */
  opsHistory: route.get<ChatPageQuery & { conversation_id: number }, ChatOpsHistory>('/ops/chat/messages'),
  /** Waiting → assigned to the caller; 409 该会话已被其他客服接入. Audited. */
  opsTake: route.post<{ conversation_id: number }, ChatConversationSummary>('/ops/chat/take'),
  /** Ends the conversation with 会话已结束. Audited. */
  opsClose: route.post<{ conversation_id: number }, ChatConversationSummary>('/ops/chat/close'),
  /** Back to the queue (transfer). Audited. */
  opsRelease: route.post<{ conversation_id: number }, ChatConversationSummary>('/ops/chat/release'),
  /** Only into the caller's own conversation (409 otherwise), 429 past the agents' rate. */
  opsReply: route.post<ChatReplyInput, ChatMessageView>('/ops/chat/reply'),
  /** The desk has read the conversation up to that message. */
  opsRead: route.post<{ conversation_id: number; message_id: number }, ChatConversationSummary>('/ops/chat/read'),
  /** A multipart form with one `file`: the console's own upload, the same checks as a user's. */
  opsImage: route.post<FormData, ChatUploadAnswer>('/ops/chat/image'),
  /** Server-sent events of the console (EventSource); while open the agent counts as online. */
  opsStream: route.get<NoInput, never>('/ops/chat/stream'),
};
