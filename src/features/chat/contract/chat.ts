/**
 * The wire contract of the customer-service chat: what the renter's chat, the console
 * and the streams read, and what services/chat builds. Types and value lists only, so the chat's
 * browser chunk carries no schema library; the request schemas are in chat-schemas.ts.
 */

/** waiting (in the queue) → assigned (an agent took it) → closed. The server's column allows these. */
export const CHAT_CONVERSATION_STATUSES = ['waiting', 'assigned', 'closed'] as const;
export type ChatConversationStatus = (typeof CHAT_CONVERSATION_STATUSES)[number];

export const CHAT_SENDERS = ['user', 'agent', 'system'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

export const CHAT_MESSAGE_TYPES = ['text', 'image', 'order', 'system'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** The system lines, written by the server (the renter and the console show them as they are). */
export const CHAT_SYSTEM_TEXT = {
  taken: '客服已接入',
  closed: '会话已结束',
  released: '会话已转回排队，请稍候',
} as const;

export const CHAT_MESSAGES = {
  notFound: '会话不存在',
  orderNotFound: '订单不存在或不属于您',
  imageNotFound: '图片不存在，请重新上传',
  alreadyTaken: '该会话已被其他客服接入',
  notWaiting: '该会话不在排队中',
  notYours: '该会话不是由您接待的',
  notAssigned: '该会话尚未被接入',
  takeFirst: '请先接入该会话',
  closed: '该会话已结束',
  emptyText: '请输入消息内容',
  rateLimited: '发送过于频繁，请稍后再试',
  visitorUnknown: '访客身份已失效，请重新发送',
  visitorTextOnly: '访客只能发送文字消息，登录后可发送图片和订单',
  visitorMintLimited: '访客咨询过于频繁，请稍后再试或登录后咨询',
  visitorTokenMissing: '缺少访客凭证',
} as const;

/** POST /api/v1/chat/visitor: a new visitor's token, kept by the browser and sent as VISITOR_TOKEN_HEADER. */
export interface ChatVisitorAnswer {
  token: string;
}

/** POST /api/v1/chat/join: the visitor's conversations joined the signed-in account (false: nothing to join). */
export interface ChatJoinResult {
  joined: boolean;
  state: ChatState;
}

/** An order attached as a card: the order's state when read, not when attached. */
export interface ChatOrderCard {
  /** The console links the card to its order view by id. */
  order_id: number;
  order_no: string;
  kind: 'rental' | 'vip' | 'recharge';
  /** The game's name for a rental; VIP会员 / 余额充值 otherwise. */
  game_name: string;
  title: string;
  status: number;
  status_text: string;
  /** What was paid, fen (rent and deposit). */
  amount_fen: number;
  /** The user attached it as the renter (true) or as the listing's seller. */
  as_renter: boolean;
}

export interface ChatImage {
  card_url: string;
  detail_url: string;
  width: number;
  height: number;
}

export interface ChatMessageView {
  id: number;
  conversation_id: number;
  sender: ChatSender;
  /** The agent's display name on an agent's message; null otherwise. */
  agent_name: string | null;
  type: ChatMessageType;
  text: string | null;
  image: ChatImage | null;
  order: ChatOrderCard | null;
  created_at: string;
  /** For the reader's own messages: whether the other side has read it (已读 / 未读). */
  read_by_peer: boolean;
}

export interface ChatConversationBrief {
  id: number;
  status: ChatConversationStatus;
  agent_name: string | null;
  created_at: string;
  /** Conversations waiting ahead of this one plus one, while waiting; null otherwise. */
  queue_position: number | null;
  /** The desk has read this conversation's messages up to this id (read receipts). */
  peer_read_id: number;
}

/** The renter's side at a glance: the open (or last) conversation, unread count, desk presence. */
export interface ChatState {
  conversation: ChatConversationBrief | null;
  /** Agents' messages the user has not read, over all conversations. */
  unread: number;
  /** Agents whose console is open now. */
  agents_online: number;
}

export interface ChatHistory {
  messages: ChatMessageView[];
  /** Older messages exist before the first one. */
  has_more: boolean;
  state: ChatState;
}

/** An order the picker offers. */
export type ChatOrderChoice = ChatOrderCard & { created_at: string };

export interface ChatSendResult {
  message: ChatMessageView;
  state: ChatState;
}

export interface ChatReadResult {
  unread: number;
}

// ---------------------------------------------------------------------------------------------
// the console

export interface ChatUserBrief {
  id: number;
  username: string;
  nickname: string;
}

export interface ChatConversationSummary {
  id: number;
  status: ChatConversationStatus;
  /** The account; null for a visitor who has not signed in (the console marks it 访客). */
  user: ChatUserBrief | null;
  /** The visitor's number while the conversation is a visitor's; null for an account's. */
  visitor_id: number | null;
  operator_id: number | null;
  agent_name: string | null;
  created_at: string;
  assigned_at: string | null;
  closed_at: string | null;
  last_message_at: string;
  /** The last message as one line (图片 / 订单 … for the others). */
  last_message_preview: string;
  /** The user's messages no agent has read. */
  unread: number;
  /** The user has read the desk's messages up to this id (read receipts in the console). */
  peer_read_id: number;
  /** Earlier conversations of the same user. */
  earlier_conversations: number;
}

export const CHAT_OPS_VIEWS = ['queue', 'mine', 'open', 'closed'] as const;
export type ChatOpsView = (typeof CHAT_OPS_VIEWS)[number];

export interface ChatOpsList {
  view: ChatOpsView;
  conversations: ChatConversationSummary[];
  counts: { queue: number; mine: number };
}

export interface ChatOpsHistory {
  conversation: ChatConversationSummary;
  messages: ChatMessageView[];
  has_more: boolean;
}

// ---------------------------------------------------------------------------------------------
// the streams (server-sent events; docs/decisions.md)

/** `event: message` (id: the message id): one new message. */
export type ChatStreamMessage = ChatMessageView;
/** `event: state` on the renter's stream. */
export type ChatStreamState = ChatState;
/** `event: conversation` on the console's stream: a conversation changed. */
export type ChatStreamConversation = ChatConversationSummary;
/** `event: counts` on the console's stream. */
export type ChatStreamCounts = ChatOpsList['counts'];

export const CHAT_STREAM_EVENTS = ['message', 'state', 'conversation', 'counts', 'ready'] as const;
export type ChatStreamEvent = (typeof CHAT_STREAM_EVENTS)[number];
