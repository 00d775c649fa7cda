/**
 * The two things about the chat that every page needs without loading the chat: whether
 * the floating chat panel is open, and the unread count its badge shows. The chat store
 * (stores/chat.ts, a lazy chunk) writes the count while the chat runs; the badge poll
 * (features/chat/ui/chat-badge.ts) writes it otherwise.
 */
import { atom } from 'nanostores';

export const $chatPanelOpen = atom(false);
/** The desk's messages the signed-in user has not read; null while unknown. */
export const $chatUnreadCount = atom<number | null>(null);

export function openChatPanel(): void {
  $chatPanelOpen.set(true);
}

export function closeChatPanel(): void {
  $chatPanelOpen.set(false);
}
