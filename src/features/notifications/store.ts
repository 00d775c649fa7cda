/**
 * The signed-in visitor's notification popups in this tab (spec §4, §6, §9): the poller of
 * features/notifications/notification-poller.ts bound to the real calls, localStorage.popedIdArr, the page's
 * visibility and the ui store's notification card ($notices, shown by platform/ui/Toaster). It runs
 * while someone is signed in and stops the moment they sign out (or another account signs in).
 *
 * Loaded lazily (features/notifications/ui/notification-chrome.ts imports it only for a signed-in visitor), so a
 * signed-out page carries none of it.
 */
import { atom } from 'nanostores';
import { getUnreadNotifications, markNotificationRead } from '~/features/notifications/client';
import type { NotificationView, UnreadNotifications } from '~/features/notifications/contract';
import { notificationLink, notificationOrderNo } from '~/features/notifications/notification-links';
import { createNotificationPoller, type NotificationPoller, type PollerEnv } from '~/features/notifications/notification-poller';
import { parsePopedIds, POPED_IDS_STORAGE_KEY } from '~/features/notifications/rules/notification-queue';
import { pageShowsNotification, readPageShows, SHOWS_NOTIFICATION_ATTR, SHOWS_PENDING_ATTR, SHOWS_SUBJECT_ATTR } from '~/features/notifications/rules/page-shows';
import { $auth, currentToken } from '~/platform/stores/auth';
import { $notices, dismissNotice, showNotice } from '~/platform/stores/ui';

/** All unread notifications of the signed-in user as of the last poll; null when unknown. */
export const $unreadNotifications = atom<number | null>(null);

/** How often this tab changed the count itself (全部已读, a read 消息详情) since the page loaded. */
let localChanges = 0;

/** The count after this tab read notifications: the server's answer to that read. */
export function setUnreadNotifications(count: number): void {
  localChanges += 1;
  $unreadNotifications.set(count);
}

/**
 * The unread poll, whose count is dropped when this tab changed the count while it was on its way:
 * it was read before that change (a poll racing 全部已读 would put the badge back to 1 until the
 * next poll, 15 s later). The popups it brings still count.
 */
async function fetchUnreadInOrder(): Promise<UnreadNotifications> {
  const before = localChanges;
  const answer = await getUnreadNotifications();
  return before === localChanges ? answer : { ...answer, unread: Number.NaN };
}

function loadShown(): number[] {
  try {
    return parsePopedIds(localStorage.getItem(POPED_IDS_STORAGE_KEY));
  } catch {
    return []; // storage refused (private modes): the queue still shows each id once per page
  }
}

function saveShown(ids: readonly number[]): void {
  try {
    localStorage.setItem(POPED_IDS_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Full or refused: nothing else depends on it.
  }
}

/** The popup is the ui store's notification card (spec §9: max 1, 10 s); its end is watched there. */
function presentAsNotice(notification: NotificationView, onClosed: () => void): () => void {
  const link = notificationLink(notification);
  const noticeId = showNotice({ kind: 'info', title: notification.title, text: notification.content, href: link.href, linkText: link.text });
  const unlisten = $notices.listen((list) => {
    // Closed by 关闭, by its link, by its own timer, or pushed out by another notification.
    if (!list.some((notice) => notice.id === noticeId)) {
      unlisten();
      onClosed();
    }
  });
  return () => {
    unlisten();
    dismissNotice(noticeId);
  };
}

/** The page's marks of what it shows (rules/page-shows.ts), read when a popup is due. */
function pageShows(notification: NotificationView): boolean | null {
  const values = (attr: string): string[] => Array.from(document.querySelectorAll(`[${attr}]`), (el) => el.getAttribute(attr) ?? '');
  const candidate = { id: notification.id, kind: notification.notification_type, orderNo: notificationOrderNo(notification.params) };
  const pending = document.querySelector(`[${SHOWS_PENDING_ATTR}]`) !== null;
  return pageShowsNotification(candidate, readPageShows(values(SHOWS_NOTIFICATION_ATTR), values(SHOWS_SUBJECT_ATTR), pending));
}

export function browserPollerEnv(): PollerEnv {
  return {
    fetchUnread: fetchUnreadInOrder,
    markRead: (id) => markNotificationRead(id),
    present: presentAsNotice,
    loadShown,
    saveShown,
    isHidden: () => document.visibilityState === 'hidden',
    now: () => Date.now(),
    onUnread: (count) => $unreadNotifications.set(count),
    pageShows,
  };
}

/** The unread count on the user menu's 消息通知 (layouts/parts/HeaderAuth.astro), 99+ past 99. */
function showUnreadBadge(count: number | null): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-unread-badge]')) {
    badge.hidden = !count;
    badge.textContent = count ? (count > 99 ? '99+' : String(count)) : '';
  }
}

let installed: NotificationPoller | null = null;

/**
 * Runs the poll for as long as someone is signed in in this tab (started at once when signed in,
 * stopped on sign-out, started again on the next sign-in). Installing twice is a no-op.
 */
export function installNotificationPopups(env: PollerEnv = browserPollerEnv()): NotificationPoller {
  if (installed) return installed;
  const poller = createNotificationPoller(env);
  installed = poller;
  document.addEventListener('visibilitychange', () => poller.visibilityChanged());
  window.addEventListener('pagehide', () => poller.pageLeaving());
  $unreadNotifications.subscribe(showUnreadBadge);
  // Keyed by the token, not just signed in or out: another account signing in over this one must
  // not inherit the previous user's waiting popups.
  let session: string | null = null;
  $auth.subscribe(() => {
    const token = currentToken();
    if (token === session) return;
    session = token;
    poller.stop();
    $unreadNotifications.set(null);
    if (token !== null) poller.start();
  });
  return poller;
}
