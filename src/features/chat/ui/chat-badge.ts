/**
 * The unread count on 在线客服 for a signed-in user (or a visitor who has written), while the chat itself is not
 * running: one read on load, then every CHAT_BADGE_POLL_MS while the page is visible and the user
 * has an open conversation or unread messages (a user who never chatted costs one request per page).
 */
import { getChatState } from '~/features/chat/client';
import { readVisitorToken } from '~/features/chat/visitor-token';
import { CHAT_BADGE_POLL_MS } from '~/features/chat/constants';
import { $auth, currentToken } from '~/platform/stores/auth';
import { $chatPanelOpen, $chatUnreadCount } from '~/features/chat/stores/chat-panel';

let timer: ReturnType<typeof setTimeout> | null = null;
let watched = false;

async function refresh(): Promise<void> {
  timer = null;
  // The running chat keeps the count itself.
  const visitor = currentToken() ? null : readVisitorToken();
  if ((!currentToken() && !visitor) || $chatPanelOpen.get()) return;
  try {
    const state = await getChatState(visitor);
    $chatUnreadCount.set(state.unread);
    const active = state.unread > 0 || (state.conversation !== null && state.conversation.status !== 'closed');
    if (active) timer = setTimeout(() => void tick(), CHAT_BADGE_POLL_MS);
  } catch (error) {
    // A visitor token the server no longer knows (it joined an account in another tab): nothing to count.
    if (visitor && (error as { httpStatus?: number }).httpStatus === 401) return;
    timer = setTimeout(() => void tick(), CHAT_BADGE_POLL_MS);
  }
}

async function tick(): Promise<void> {
  if (document.visibilityState === 'hidden') {
    timer = setTimeout(() => void tick(), CHAT_BADGE_POLL_MS);
    return;
  }
  await refresh();
}

export function watchChatBadge(): void {
  if (watched) return;
  watched = true;
  void refresh();
  let session = currentToken();
  $auth.listen(() => {
    const token = currentToken();
    if (token === session) return;
    session = token;
    if (timer) clearTimeout(timer);
    $chatUnreadCount.set(null);
    if (token || readVisitorToken()) void refresh();
  });
  // Closing the chat panel hands the count back to the poll.
  $chatPanelOpen.listen((open) => {
    if (!open && !timer) timer = setTimeout(() => void tick(), CHAT_BADGE_POLL_MS);
  });
}
