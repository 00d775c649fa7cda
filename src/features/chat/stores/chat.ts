/**
 * The renter's customer-service chat in this tab: history, the live line (stream or
 * poll: chat-connection.ts), sending, read receipts and the unread count. The chat panel and the
 * /redirect page subscribe; the floating button's badge reads `$chatUnread`. Loaded with the chat
 * island only (a lazy chunk), never on a page whose visitor does not open the chat.
 */
import { atom, computed } from 'nanostores';
import { API_HEADERS, SYSTEM_NAME } from '~/platform/client/client';
import { CHAT_STREAM_PATH, chatStreamUrl, getChatHistory, markChatRead, sendChatMessage, uploadChatImage, type ChatMessageView, type ChatSendInput, type ChatState } from '~/features/chat/client';
import { CHAT_PAGE_SIZE_DEFAULT } from '~/features/chat/constants';
import { createChatConnection, type ChatConnection, type ChatLinkStatus } from '~/features/chat/chat-connection';
import { lastMessageId, mergeMessages } from '~/features/chat/rules/chat';
import { $auth, currentToken } from '~/platform/stores/auth';
import { $chatUnreadCount } from '~/features/chat/stores/chat-panel';

export interface ChatView {
  messages: ChatMessageView[];
  state: ChatState | null;
  /** Older messages exist before the first one held. */
  hasMore: boolean;
  link: ChatLinkStatus;
  /** The first history page is loading. */
  loading: boolean;
  /** Why the history could not be loaded (shown with a retry). */
  error: string | null;
}

const EMPTY: ChatView = { messages: [], state: null, hasMore: false, link: 'stopped', loading: false, error: null };

export const $chat = atom<ChatView>(EMPTY);
/** The desk's messages the user has not read (the 在线客服 badge). */
export const $chatUnread = computed($chat, (view) => view.state?.unread ?? 0);

let connection: ChatConnection | null = null;
let session: string | null = null;
let visible = false;

function patch(next: Partial<ChatView>): void {
  $chat.set({ ...$chat.get(), ...next });
}

/** Own messages of the open conversation turn 已读 as the desk's read pointer passes them. */
function withReceipts(messages: ChatMessageView[], state: ChatState | null): ChatMessageView[] {
  const conversation = state?.conversation;
  if (!conversation) return messages;
  let changed = false;
  const next = messages.map((message) => {
    if (message.sender !== 'user' || message.read_by_peer || message.conversation_id !== conversation.id || message.id > conversation.peer_read_id) return message;
    changed = true;
    return { ...message, read_by_peer: true };
  });
  return changed ? next : messages;
}

function absorb(messages: ChatMessageView[], state?: ChatState | null): void {
  const current = $chat.get();
  const nextState = state === undefined ? current.state : state;
  patch({ messages: withReceipts(mergeMessages(current.messages, messages), nextState), state: nextState });
  maybeMarkRead();
}

let readInFlight = false;
/** While the chat is on screen, what arrives from the desk is read. */
function maybeMarkRead(): void {
  const view = $chat.get();
  if (!visible || readInFlight || !view.state || view.state.unread <= 0) return;
  const last = lastMessageId(view.messages);
  if (last === 0) return;
  readInFlight = true;
  markChatRead(last)
    .then((result) => {
      const state = $chat.get().state;
      if (state) patch({ state: { ...state, unread: result.unread } });
    })
    .catch(() => undefined)
    .finally(() => {
      readInFlight = false;
    });
}

function connect(): ChatConnection {
  return createChatConnection({
    url: chatStreamUrl(CHAT_STREAM_PATH),
    headers: () => {
      const token = currentToken();
      return { [API_HEADERS.system]: SYSTEM_NAME, ...(token ? { [API_HEADERS.authorization]: `Bearer ${token}` } : {}) };
    },
    resumeAfter: () => lastMessageId($chat.get().messages),
    onEvent: (event) => {
      if (event.event === 'message') absorb([JSON.parse(event.data) as ChatMessageView]);
      else if (event.event === 'state') absorb([], JSON.parse(event.data) as ChatState);
    },
    onStatus: (link) => patch({ link }),
    poll: async () => {
      const page = await getChatHistory({ after_id: lastMessageId($chat.get().messages), limit: 100 }, true);
      absorb(page.messages, page.state);
    },
    onRefused: () => stopChat(),
  });
}

/** Loads the newest history and opens the live line; calling it again only refreshes visibility. */
export async function startChat(): Promise<void> {
  const token = currentToken();
  if (!token) return;
  if (session !== token) {
    stopChat();
    $chat.set(EMPTY);
    session = token;
  }
  if (connection) return;
  patch({ loading: $chat.get().messages.length === 0, error: null });
  try {
    const page = await getChatHistory({ limit: CHAT_PAGE_SIZE_DEFAULT }, true);
    if (session !== token) return;
    patch({ hasMore: page.has_more, loading: false });
    absorb(page.messages, page.state);
  } catch (error) {
    patch({ loading: false, error: error instanceof Error && error.message ? error.message : '加载失败' });
    return;
  }
  connection ??= connect();
  connection.start();
}

export function stopChat(): void {
  connection?.stop();
  connection = null;
}

/** The chat is on screen (messages arriving are read) or not. */
export function setChatVisible(next: boolean): void {
  visible = next;
  maybeMarkRead();
}

export async function loadOlderMessages(): Promise<void> {
  const view = $chat.get();
  const first = view.messages[0];
  if (!first || !view.hasMore) return;
  const page = await getChatHistory({ before_id: first.id, limit: CHAT_PAGE_SIZE_DEFAULT });
  patch({ hasMore: page.has_more });
  absorb(page.messages, page.state);
}

/** Sends one message; the answer (and the stream) put it in the list. Rejects with the ApiError (shown as a toast by the client). */
export async function sendChat(input: ChatSendInput): Promise<void> {
  const result = await sendChatMessage(input);
  absorb([result.message], result.state);
}

export async function sendChatImage(file: File): Promise<void> {
  const uploaded = await uploadChatImage(file);
  await sendChat({ type: 'image', image_id: uploaded.id });
}

// Another account signing in, or signing out, ends this chat at once.
$auth.listen(() => {
  if (session !== null && currentToken() !== session) {
    stopChat();
    session = null;
    $chat.set(EMPTY);
  }
});

// The floating button's badge follows the running chat.
$chatUnread.subscribe((count) => {
  if ($chat.get().state) $chatUnreadCount.set(count);
});
