/**
 * The renter's (or a visitor's) customer-service chat in this tab: history, the live line (stream or
 * poll: chat-connection.ts), sending, read receipts and the unread count. The chat panel and the
 * /redirect page subscribe; the floating button's badge reads `$chatUnread`. Loaded with the chat
 * island only (a lazy chunk), never on a page whose visitor does not open the chat.
 *
 * Signed out, the chat speaks for this browser's visitor (visitor-token.ts): nothing is asked of
 * the server until the first message, which mints the visitor; a visitor token the server no longer
 * knows (it joined an account in another tab) is dropped and a new visitor starts. Signing in joins
 * the visitor's conversations to the account before the account's history is read.
 */
import { atom, computed } from 'nanostores';
import { API_HEADERS, SYSTEM_NAME } from '~/platform/client/client';
import {
  CHAT_STREAM_PATH,
  chatStreamUrl,
  getChatHistory,
  joinVisitorChat,
  markChatRead,
  mintVisitorToken,
  sendChatMessage,
  uploadChatImage,
  visitorHeaders,
  type ChatMessageView,
  type ChatSendInput,
  type ChatState,
} from '~/features/chat/client';
import { ApiError } from '~/platform/client/errors';
import { readVisitorToken, writeVisitorToken } from '~/features/chat/visitor-token';
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
/** Whose chat this is: `u:<token>` for the signed-in user, `v:<token>` for a visitor, `v:` before the visitor's first message. */
let session: string | null = null;
let visible = false;

/** The visitor token the calls carry: null when signed in (the Bearer speaks) or before a visitor's first message. */
function visitorToken(): string | null {
  return currentToken() ? null : readVisitorToken();
}

function sessionKey(): string {
  const token = currentToken();
  return token ? `u:${token}` : `v:${readVisitorToken() ?? ''}`;
}

const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.httpStatus === 401;

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
  markChatRead(last, visitorToken())
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
      return { [API_HEADERS.system]: SYSTEM_NAME, ...(token ? { [API_HEADERS.authorization]: `Bearer ${token}` } : visitorHeaders(readVisitorToken())) };
    },
    resumeAfter: () => lastMessageId($chat.get().messages),
    onEvent: (event) => {
      if (event.event === 'message') absorb([JSON.parse(event.data) as ChatMessageView]);
      else if (event.event === 'state') absorb([], JSON.parse(event.data) as ChatState);
    },
    onStatus: (link) => patch({ link }),
    poll: async () => {
      const page = await getChatHistory({ after_id: lastMessageId($chat.get().messages), limit: 100 }, true, visitorToken());
      absorb(page.messages, page.state);
    },
    onRefused: (status) => {
      stopChat();
      if (status === 401 && !currentToken()) forgetVisitor();
    },
  });
}

/** The visitor token is no longer a visitor's (joined in another tab, or unknown): start as a new visitor. */
function forgetVisitor(): void {
  writeVisitorToken(null);
  stopChat();
  session = sessionKey();
  $chat.set({ ...EMPTY });
}

/** Loads the newest history and opens the live line; calling it again only refreshes visibility. */
export async function startChat(): Promise<void> {
  // A browser that chatted as a visitor and has signed in since: that conversation joins the account first.
  if (currentToken() && readVisitorToken()) await joinVisitorChat();
  const key = sessionKey();
  if (session !== key) {
    stopChat();
    $chat.set(EMPTY);
    session = key;
  }
  if (connection) return;
  // A visitor who has not written yet has nothing on the server: the first message starts it.
  if (!currentToken() && !readVisitorToken()) return;
  patch({ loading: $chat.get().messages.length === 0, error: null });
  try {
    const page = await getChatHistory({ limit: CHAT_PAGE_SIZE_DEFAULT }, true, visitorToken());
    if (session !== key) return;
    patch({ hasMore: page.has_more, loading: false });
    absorb(page.messages, page.state);
  } catch (error) {
    if (isUnauthorized(error) && !currentToken()) {
      forgetVisitor();
      return;
    }
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
  const page = await getChatHistory({ before_id: first.id, limit: CHAT_PAGE_SIZE_DEFAULT }, false, visitorToken());
  patch({ hasMore: page.has_more });
  absorb(page.messages, page.state);
}

/** Sends one message; the answer (and the stream) put it in the list. Rejects with the ApiError (shown as a toast by the client). */
export async function sendChat(input: ChatSendInput): Promise<void> {
  if (currentToken()) {
    const result = await sendChatMessage(input);
    absorb([result.message], result.state);
    return;
  }
  await sendAsVisitor(input, true);
}

/**
 * A visitor's message: the first one mints the visitor (and the live line starts after it); a
 * token the server no longer knows is replaced once and the message sent again.
 */
async function sendAsVisitor(input: ChatSendInput, retry: boolean): Promise<void> {
  const minted = readVisitorToken() === null;
  const token = readVisitorToken() ?? (await mintVisitorToken());
  try {
    // A 401 shows nothing for a signed-out browser (client.ts): ours to answer with a new visitor.
    const result = await sendChatMessage(input, token);
    if (minted || session !== sessionKey()) {
      session = sessionKey();
      absorb([result.message], result.state);
      void startChat();
      return;
    }
    absorb([result.message], result.state);
  } catch (error) {
    if (retry && isUnauthorized(error)) {
      forgetVisitor();
      await sendAsVisitor(input, false);
      return;
    }
    throw error;
  }
}

export async function sendChatImage(file: File): Promise<void> {
  const uploaded = await uploadChatImage(file);
  await sendChat({ type: 'image', image_id: uploaded.id });
}

// Signing in (the visitor's chat joins the account), another account, or signing out: this chat
// ends at once and, while it is on screen, starts again as whoever the browser now is.
$auth.listen(() => {
  if (session !== null && sessionKey() !== session) {
    const running = connection !== null || visible;
    stopChat();
    session = null;
    $chat.set(EMPTY);
    if (running) void startChat();
  }
});

// The floating button's badge follows the running chat.
$chatUnread.subscribe((count) => {
  if ($chat.get().state) $chatUnreadCount.set(count);
});
