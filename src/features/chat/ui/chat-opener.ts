/**
 * The floating 在线客服 button with our own chat: on a desktop-wide window a click opens
 * the chat panel over the page (its code loads on the first click, or on the pointer's way there),
 * and the count of unread desk messages shows on the button for a signed-in user, or for a visitor
 * who has written (its token is in this browser). On a phone the
 * link goes to /redirect, where the chat fills the screen. Without JavaScript, or with a modifier
 * key, the link is followed as it is.
 */
import { $isLoggedIn } from '~/platform/stores/auth';
import { $chatPanelOpen, $chatUnreadCount, openChatPanel } from '~/features/chat/stores/chat-panel';
import { unreadBadgeText } from '~/features/chat/rules/unread-badge';
import { readVisitorToken } from '~/features/chat/visitor-token';

/** Below this width the chat is a page of its own (Tailwind's md breakpoint). */
const PANEL_MIN_WIDTH_PX = 768;

let panel: Promise<void> | null = null;

function loadPanel(): Promise<void> {
  panel ??= import('~/features/chat/ui/mount')
    .then(({ mountFloatingChat }) => mountFloatingChat())
    .catch((error: unknown) => {
      console.error(error);
      panel = null;
      $chatPanelOpen.set(false);
    });
  return panel;
}

let badge: Promise<void> | null = null;

function showBadge(count: number | null): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-chat-badge]')) {
    const text = unreadBadgeText(count ?? 0);
    element.hidden = text === '';
    element.textContent = text;
    const link = element.closest('a');
    if (link) {
      if (text) link.setAttribute('aria-label', `在线客服（${count} 条未读）`);
      else link.removeAttribute('aria-label');
    }
  }
}

export function installChatOpener(doc: Document): void {
  if (!doc.querySelector('[data-open-chat]')) return;
  doc.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const opener = (event.target as Element | null)?.closest?.<HTMLElement>('[data-open-chat]');
    if (!opener || window.innerWidth < PANEL_MIN_WIDTH_PX) return;
    event.preventDefault();
    openChatPanel();
    void loadPanel();
  });
  for (const type of ['pointerover', 'focusin'] as const) {
    doc.addEventListener(type, (event) => {
      if (window.innerWidth >= PANEL_MIN_WIDTH_PX && (event.target as Element | null)?.closest?.('[data-open-chat]')) void loadPanel();
    }, { passive: true });
  }
  $chatUnreadCount.subscribe(showBadge);
  const watchBadge = (): void => {
    if (badge || !doc.querySelector('[data-chat-badge]')) return;
    badge = import('~/features/chat/ui/chat-badge').then(({ watchChatBadge }) => watchChatBadge()).catch((error: unknown) => {
      console.error(error);
      badge = null;
    });
  };
  // The badge's poll loads for a signed-in user, or a visitor who has written.
  $isLoggedIn.subscribe((signedIn) => {
    const visitor = readVisitorToken() !== null;
    // Signed in (or registered) in a browser that chatted as a visitor: that chat joins the account now,
    // whether or not the chat is opened on this page.
    if (signedIn && visitor) void import('~/features/chat/client').then(({ joinVisitorChat }) => joinVisitorChat());
    if (signedIn || visitor) watchBadge();
  });
  // A visitor's first message minted its token while the panel was open.
  $chatPanelOpen.listen((open) => {
    if (!open && readVisitorToken() !== null) watchBadge();
  });
}
