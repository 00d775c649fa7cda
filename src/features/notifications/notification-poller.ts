/**
 * The signed-in notification poll and its popups (spec §4, §6 "the notice poll runs only when
 * logged in", §9 poll 15 s, popup 10 s), with everything outside injected (the calls, the popup
 * card, storage, visibility, the clock) so a fake clock can walk it. The queue rule itself is
 * rules/notification-queue.ts; this module owns the timers:
 * - start() polls at once, then every NOTIFICATION_POLL_MS (a slow answer is awaited, never doubled);
 * - a hidden tab neither polls nor puts a popup on screen; when it shows again an overdue poll runs
 *   at once (catch-up) and a waiting popup shows;
 * - a popup closes by itself after NOTIFICATION_POPUP_AUTO_CLOSE_MS, or when the visitor closes it
 *   or follows its link; then it is marked read and the next one shows;
 * - a popup the page on screen already shows (env.pageShows, issue 28) gets no card: it counts as
 *   shown (popedIdArr) and stays unread for 消息通知, like a popup whose tab closed, and the next
 *   one is taken at once; while the page cannot say yet (its marks are pending) the popup waits,
 *   looking again every NOTIFICATION_PAGE_MARKS_RETRY_MS for at most NOTIFICATION_PAGE_MARKS_WAIT_MS;
 * - stop() (signed out) cancels everything, removes the popup on screen and forgets the queue;
 * - pageLeaving() (pagehide): a popup put up less than NOTIFICATION_POPUP_SEEN_MS ago was not seen,
 *   so its id leaves popedIdArr again and the next page shows it.
 */
import {
  NOTIFICATION_PAGE_MARKS_RETRY_MS,
  NOTIFICATION_PAGE_MARKS_WAIT_MS,
  NOTIFICATION_POLL_MS,
  NOTIFICATION_POPUP_AUTO_CLOSE_MS,
  NOTIFICATION_POPUP_SEEN_MS,
} from '~/features/notifications/constants';
import type { NotificationView, UnreadNotifications } from '~/features/notifications/contract';
import { closeShowing, emptyQueue, enqueuePopups, pollDelay, showNext, type PopupQueue } from '~/features/notifications/rules/notification-queue';

export interface PollerEnv {
  fetchUnread(): Promise<UnreadNotifications>;
  markRead(id: number): Promise<unknown>;
  /** Puts the card on screen; calls onClosed when the visitor closes it; returns its removal. */
  present(notification: NotificationView, onClosed: () => void): () => void;
  /** popedIdArr as stored now (another tab may have added to it). */
  loadShown(): number[];
  saveShown(ids: readonly number[]): void;
  isHidden(): boolean;
  now(): number;
  /** All unread (the answer's `unread`), after each poll and each popup read. */
  onUnread?(count: number): void;
  /**
   * Whether the page on screen already shows this notification (then no card goes up); null while
   * the page cannot say yet (its marks are still to come).
   */
  pageShows?(notification: NotificationView): boolean | null;
}

export interface NotificationPoller {
  start(): void;
  stop(): void;
  /** Call on every visibilitychange. */
  visibilityChanged(): void;
  /** Call when the page is left (pagehide). */
  pageLeaving(): void;
  readonly running: boolean;
  /** The queue as it stands (tests, and nothing else). */
  readonly queue: PopupQueue<NotificationView>;
}

export function createNotificationPoller(env: PollerEnv): NotificationPoller {
  let running = false;
  // Bumped by stop(): an answer that arrives after a sign-out (or a new sign-in) is dropped.
  let generation = 0;
  let lastPollAt: number | null = null;
  let inFlight = false;
  let pollTimer: ReturnType<typeof setTimeout> | null = null;
  let closeTimer: ReturnType<typeof setTimeout> | null = null;
  /** A pump waiting for the page's pending marks, and when this page's first wait began (env.now()): the wait is once per page. */
  let marksTimer: ReturnType<typeof setTimeout> | null = null;
  let marksWaitSince: number | null = null;
  let removeCard: (() => void) | null = null;
  /** When the popup on screen went up (env.now()). */
  let presentedAt: number | null = null;
  let unread: number | null = null;
  let queue: PopupQueue<NotificationView> = emptyQueue(env.loadShown());

  function clearPollTimer(): void {
    if (pollTimer !== null) clearTimeout(pollTimer);
    pollTimer = null;
  }

  function schedule(): void {
    clearPollTimer();
    if (!running || inFlight) return;
    const delay = pollDelay(lastPollAt, env.now(), env.isHidden(), NOTIFICATION_POLL_MS);
    if (delay === null) return; // hidden: paused until visibilityChanged()
    pollTimer = setTimeout(poll, delay);
  }

  function poll(): void {
    pollTimer = null;
    if (!running || inFlight) return;
    const mine = generation;
    inFlight = true;
    lastPollAt = env.now();
    env
      .fetchUnread()
      .then((data) => {
        if (mine !== generation) return;
        setUnread(data.unread);
        // Another tab may have shown some of these meanwhile: its popedIdArr counts too.
        queue = enqueuePopups({ ...queue, shown: env.loadShown() }, Array.isArray(data.popups) ? data.popups : []);
        pump();
      })
      .catch(() => {
        // Offline or a server hiccup: the next poll tries again (the call itself is quiet).
      })
      .finally(() => {
        if (mine !== generation) return;
        inFlight = false;
        schedule();
      });
  }

  function setUnread(count: number): void {
    if (typeof count !== 'number' || !Number.isFinite(count)) return;
    unread = Math.max(0, count);
    env.onUnread?.(unread);
  }

  function clearMarksTimer(): void {
    if (marksTimer !== null) clearTimeout(marksTimer);
    marksTimer = null;
  }

  /** Whether the page shows it; null means wait for the page's marks, and a pump is scheduled for then. */
  function pageShowsOrWait(notification: NotificationView): boolean | null {
    if (!env.pageShows) return false;
    const shows = env.pageShows(notification);
    if (shows !== null) return shows;
    marksWaitSince ??= env.now();
    if (env.now() - marksWaitSince >= NOTIFICATION_PAGE_MARKS_WAIT_MS) return false;
    clearMarksTimer();
    marksTimer = setTimeout(() => {
      marksTimer = null;
      pump();
    }, NOTIFICATION_PAGE_MARKS_RETRY_MS);
    return null;
  }

  /** Puts the next popup on screen when none shows and the tab is visible. */
  function pump(): void {
    if (!running || env.isHidden()) return;
    for (;;) {
      const next = showNext(queue);
      if (next === queue || next.showing === null) return;
      const showing = next.showing;
      const shows = pageShowsOrWait(showing);
      if (shows === null) return; // the queue stays as it was: pump runs again when the marks may be in
      clearMarksTimer();
      queue = next;
      env.saveShown(next.shown);
      if (shows) {
        queue = closeShowing(queue, showing.id);
        continue;
      }
      const { id } = showing;
      closeTimer = setTimeout(() => close(id), NOTIFICATION_POPUP_AUTO_CLOSE_MS);
      presentedAt = env.now();
      removeCard = env.present(showing, () => close(id));
      return;
    }
  }

  function close(id: number): void {
    if (queue.showing?.id !== id) return;
    if (closeTimer !== null) clearTimeout(closeTimer);
    closeTimer = null;
    const remove = removeCard;
    removeCard = null;
    queue = closeShowing(queue, id);
    remove?.();
    // Read once it has been on screen: it stays in 消息通知, no longer unread (spec §4, §7).
    env.markRead(id).catch(() => undefined);
    if (unread !== null && unread > 0) setUnread(unread - 1);
    pump();
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      queue = emptyQueue(env.loadShown());
      schedule();
    },
    stop(): void {
      if (!running) return;
      running = false;
      generation += 1;
      inFlight = false;
      lastPollAt = null;
      unread = null;
      clearPollTimer();
      clearMarksTimer();
      marksWaitSince = null;
      if (closeTimer !== null) clearTimeout(closeTimer);
      closeTimer = null;
      const remove = removeCard;
      removeCard = null;
      queue = emptyQueue(queue.shown);
      remove?.();
    },
    pageLeaving(): void {
      const showing = queue.showing;
      if (!running || showing === null || presentedAt === null || env.now() - presentedAt >= NOTIFICATION_POPUP_SEEN_MS) return;
      env.saveShown(env.loadShown().filter((id) => id !== showing.id));
    },
    visibilityChanged(): void {
      if (!running) return;
      if (env.isHidden()) {
        clearPollTimer();
        return;
      }
      schedule();
      pump();
    },
    get running(): boolean {
      return running;
    },
    get queue(): PopupQueue<NotificationView> {
      return queue;
    },
  };
}
