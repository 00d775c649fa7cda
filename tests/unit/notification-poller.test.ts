import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_PAGE_MARKS_RETRY_MS,
  NOTIFICATION_PAGE_MARKS_WAIT_MS,
  NOTIFICATION_POLL_MS,
  NOTIFICATION_POPUP_AUTO_CLOSE_MS,
  NOTIFICATION_POPUP_SEEN_MS,
} from '~/features/notifications/constants';
import type { NotificationView, UnreadNotifications } from '~/features/notifications/contract';
import { createNotificationPoller, type NotificationPoller, type PollerEnv } from '~/features/notifications/notification-poller';

// spec §4 popups one at a time, each id once, auto-closed after 10 s; §6 the poll only while
// signed in; §9 poll 15 s, popup 10 s. Issue 14: paused while the tab is hidden, caught up when
// it shows. Walked with vitest's fake clock (timers and Date.now).

function notification(id: number, orderNo?: string): NotificationView {
  return {
    id,
    title: `通知${id}`,
    content: `内容${id}`,
    notification_type: orderNo ? 'order_paid' : 'broadcast',
    params: orderNo ? { order_no: orderNo } : {},
    is_today: true,
    is_read: false,
    created_at: '2026-11-25T03:00:00.000Z',
  };
}

interface Harness {
  poller: NotificationPoller;
  env: PollerEnv;
  polls: number;
  /** What the next polls answer (the last one repeats). */
  answers: UnreadNotifications[];
  /** Ids on screen, in the order they went up. */
  presented: number[];
  /** Ids whose card was removed by the poller. */
  removed: number[];
  /** Closes the card on screen as the visitor would (关闭). */
  closeByVisitor(): void;
  read: number[];
  stored: number[];
  hidden: boolean;
  unread: number[];
}

function harness(initialShown: number[] = []): Harness {
  let visitorClose: (() => void) | null = null;
  const h: Harness = {
    polls: 0,
    answers: [{ popups: [], unread: 0 }],
    presented: [],
    removed: [],
    read: [],
    stored: [...initialShown],
    hidden: false,
    unread: [],
    closeByVisitor: () => visitorClose?.(),
    env: undefined as unknown as PollerEnv,
    poller: undefined as unknown as NotificationPoller,
  };
  h.env = {
    fetchUnread: () => {
      h.polls += 1;
      const answer = h.answers.length > 1 ? h.answers.shift()! : h.answers[0]!;
      return Promise.resolve(structuredClone(answer));
    },
    markRead: (id) => {
      h.read.push(id);
      return Promise.resolve({ id, unread: 0 });
    },
    present: (item, onClosed) => {
      h.presented.push(item.id);
      visitorClose = onClosed;
      return () => {
        h.removed.push(item.id);
        visitorClose = null;
      };
    },
    loadShown: () => [...h.stored],
    saveShown: (ids) => {
      h.stored = [...ids];
    },
    isHidden: () => h.hidden,
    now: () => Date.now(),
    onUnread: (count) => h.unread.push(count),
  };
  h.poller = createNotificationPoller(h.env);
  return h;
}

/** Lets the fetch promise chain settle (fake timers do not run microtasks by themselves). */
const settle = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-25T03:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the poll (spec §9: every 15 s, only while signed in)', () => {
  it('nothing is polled before start (signed out)', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 3);
    expect(h.polls).toBe(0);
  });

  it('polls at once on start, then every 15 s exactly', async () => {
    const h = harness();
    h.poller.start();
    await settle();
    expect(h.polls).toBe(1);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - 1);
    expect(h.polls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.polls).toBe(2);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 2);
    expect(h.polls).toBe(4);
  });

  it('stops on sign-out: no further poll, the popup on screen goes away', async () => {
    const h = harness();
    h.answers = [{ popups: [notification(1), notification(2)], unread: 2 }];
    h.poller.start();
    await settle();
    expect(h.presented).toEqual([1]);
    h.poller.stop();
    expect(h.removed).toEqual([1]);
    expect(h.poller.queue.waiting).toEqual([]);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 4);
    expect(h.polls).toBe(1);
    // Removed by the sign-out, not read by the visitor: the server keeps it unread.
    expect(h.read).toEqual([]);
  });

  it('an answer arriving after sign-out shows nothing', async () => {
    const h = harness();
    let resolve!: (value: UnreadNotifications) => void;
    h.env.fetchUnread = () => new Promise((r) => (resolve = r));
    h.poller.start();
    await settle();
    h.poller.stop();
    resolve({ popups: [notification(1)], unread: 1 });
    await settle();
    expect(h.presented).toEqual([]);
  });

  it('a slow answer is awaited: polls never overlap', async () => {
    const h = harness();
    let calls = 0;
    let resolve!: (value: UnreadNotifications) => void;
    h.env.fetchUnread = () => {
      calls += 1;
      return new Promise((r) => (resolve = r));
    };
    h.poller.start();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 3);
    expect(calls).toBe(1);
    resolve({ popups: [], unread: 0 });
    await settle();
    // The overdue poll runs at once once the slow one is back.
    expect(calls).toBe(2);
  });

  it('a failed poll is tried again 15 s later', async () => {
    const h = harness();
    let calls = 0;
    h.env.fetchUnread = () => {
      calls += 1;
      return Promise.reject(new Error('offline'));
    };
    h.poller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(calls).toBe(2);
  });
});

describe('hidden tab: paused, caught up when it shows', () => {
  it('no poll while hidden; an overdue poll runs the moment the tab shows', async () => {
    const h = harness();
    h.poller.start();
    await settle();
    h.hidden = true;
    h.poller.visibilityChanged();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 4);
    expect(h.polls).toBe(1);
    h.hidden = false;
    h.poller.visibilityChanged();
    await settle();
    expect(h.polls).toBe(2);
    // ...and the cadence goes on from there.
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(h.polls).toBe(3);
  });

  it('hidden for less than an interval: the poll keeps its time, no extra one', async () => {
    const h = harness();
    h.poller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    h.hidden = true;
    h.poller.visibilityChanged();
    await vi.advanceTimersByTimeAsync(3_000);
    h.hidden = false;
    h.poller.visibilityChanged();
    await settle();
    expect(h.polls).toBe(1);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - 8_000 - 1);
    expect(h.polls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.polls).toBe(2);
  });

  it('starting in a hidden tab waits for it to show', async () => {
    const h = harness();
    h.hidden = true;
    h.poller.start();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 2);
    expect(h.polls).toBe(0);
    h.hidden = false;
    h.poller.visibilityChanged();
    await settle();
    expect(h.polls).toBe(1);
  });

  it('a popup answered after the tab hid waits until it shows', async () => {
    const h = harness();
    let resolve!: (value: UnreadNotifications) => void;
    h.env.fetchUnread = () => new Promise((r) => (resolve = r));
    h.poller.start();
    await settle();
    h.hidden = true;
    h.poller.visibilityChanged();
    resolve({ popups: [notification(3)], unread: 1 });
    await settle();
    expect(h.presented).toEqual([]);
    h.hidden = false;
    h.poller.visibilityChanged();
    expect(h.presented).toEqual([3]);
  });
});

describe('the popups (spec §4: one at a time, each id once, auto-closed after 10 s, then read)', () => {
  it('shows one at a time; each closes by itself after 10 s, is marked read, and the next follows', async () => {
    const h = harness();
    h.answers = [{ popups: [notification(1), notification(2)], unread: 2 }];
    h.poller.start();
    await settle();
    expect(h.presented).toEqual([1]);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POPUP_AUTO_CLOSE_MS - 1);
    expect(h.presented).toEqual([1]);
    expect(h.read).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.removed).toEqual([1]);
    expect(h.read).toEqual([1]);
    expect(h.unread.at(-1)).toBe(1); // the badge count follows without waiting for a poll
    expect(h.presented).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POPUP_AUTO_CLOSE_MS);
    expect(h.read).toEqual([1, 2]);
    expect(h.poller.queue.showing).toBeNull();
  });

  it('each id only once: later polls answering the same ids show nothing again', async () => {
    const h = harness();
    h.answers = [{ popups: [notification(1)], unread: 1 }];
    h.poller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 5);
    expect(h.presented).toEqual([1]);
    expect(h.stored).toEqual([1]);
  });

  it('a popup put up just as the page is left was not seen: its id leaves popedIdArr and the next page shows it', async () => {
    const h = harness();
    h.answers = [{ popups: [notification(1)], unread: 1 }];
    h.poller.start();
    await settle();
    expect(h.presented).toEqual([1]);
    expect(h.stored).toEqual([1]);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POPUP_SEEN_MS - 100);
    h.poller.pageLeaving();
    expect(h.stored).toEqual([]);
    expect(h.read).toEqual([]);
  });

  it('a popup on screen for a second or more counts as seen when the page is left', async () => {
    const h = harness([7]);
    h.answers = [{ popups: [notification(1)], unread: 1 }];
    h.poller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POPUP_SEEN_MS);
    h.poller.pageLeaving();
    expect(h.stored).toEqual([7, 1]);
  });

  it('an id in popedIdArr (shown earlier in this browser, or by another tab) never shows', async () => {
    const h = harness([1]);
    h.answers = [{ popups: [notification(1), notification(2)], unread: 2 }];
    h.poller.start();
    await settle();
    expect(h.presented).toEqual([2]);
    // Another tab shows 3 before this one gets to it.
    h.answers = [{ popups: [notification(3)], unread: 1 }];
    h.stored = [...h.stored, 3];
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(h.presented).toEqual([2]);
  });

  it('closed by the visitor: marked read at once, the next shows without waiting for the 10 s', async () => {
    const h = harness();
    h.answers = [{ popups: [notification(1), notification(2)], unread: 2 }];
    h.poller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(2_000);
    h.closeByVisitor();
    expect(h.read).toEqual([1]);
    expect(h.presented).toEqual([1, 2]);
    // The first one's timer is gone: 2 gets its own full 10 s.
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POPUP_AUTO_CLOSE_MS - 1);
    expect(h.read).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.read).toEqual([1, 2]);
  });

  it('a popup arriving while another shows waits its turn', async () => {
    const h = harness();
    h.answers = [{ popups: [notification(1)], unread: 1 }, { popups: [notification(1), notification(2)], unread: 2 }];
    h.poller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POPUP_AUTO_CLOSE_MS - 1); // 9.999 s: 1 still up
    expect(h.presented).toEqual([1]);
    // The 15 s poll has not run yet; at 10 s 1 closes, at 15 s the poll brings 2.
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - NOTIFICATION_POPUP_AUTO_CLOSE_MS + 1);
    expect(h.presented).toEqual([1, 2]);
  });

  it('signing in again starts afresh: polls at once, and popedIdArr still holds', async () => {
    const h = harness();
    h.answers = [{ popups: [notification(1)], unread: 1 }];
    h.poller.start();
    await settle();
    h.poller.stop();
    h.poller.start();
    await settle();
    expect(h.polls).toBe(2);
    expect(h.presented).toEqual([1]);
  });

  it('the spec timings: poll 15 s, popup 10 s', () => {
    expect([NOTIFICATION_POLL_MS, NOTIFICATION_POPUP_AUTO_CLOSE_MS]).toEqual([15_000, 10_000]);
  });
});

describe('a page that already shows the message (issue 28)', () => {
  it('gets no card for it: counted as shown, left unread, and the next popup goes up at once', async () => {
    const h = harness();
    h.env.pageShows = (item) => item.id === 1;
    h.answers = [{ popups: [notification(1, 'R1'), notification(2, 'R2')], unread: 2 }];
    h.poller.start();
    await settle();
    expect(h.presented).toEqual([2]);
    expect(h.stored).toEqual([1, 2]);
    expect(h.read).toEqual([]);
    // The next poll brings 1 again: shown once, never put up.
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    expect(h.presented).toEqual([2]);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POPUP_AUTO_CLOSE_MS);
    expect(h.read).toEqual([2]);
  });

  // 消息通知 marks its rows once they have loaded; the first poll answers before that (a popup went
  // up under the list, and its auto-close read it before the renter saw the row).
  it("waits while the page's marks are pending, then follows them: no card for a row the list shows", async () => {
    const h = harness();
    let marks: number[] | null = null; // null: pending
    h.env.pageShows = (item) => (marks === null ? null : marks.includes(item.id));
    h.answers = [{ popups: [notification(1), notification(2)], unread: 2 }];
    h.poller.start();
    await settle();
    expect(h.presented).toEqual([]);
    expect(h.stored).toEqual([]); // nothing counted as shown while it waits
    await vi.advanceTimersByTimeAsync(NOTIFICATION_PAGE_MARKS_RETRY_MS * 3);
    expect(h.presented).toEqual([]);
    marks = [1]; // the list is on screen with row 1 (2 is on another page of it)
    await vi.advanceTimersByTimeAsync(NOTIFICATION_PAGE_MARKS_RETRY_MS);
    expect(h.presented).toEqual([2]);
    expect(h.stored).toEqual([1, 2]);
    expect(h.read).toEqual([]);
  });

  it('a page whose marks never come holds popups back for NOTIFICATION_PAGE_MARKS_WAIT_MS at most', async () => {
    const h = harness();
    h.env.pageShows = () => null;
    h.answers = [{ popups: [notification(1), notification(2)], unread: 2 }];
    h.poller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_PAGE_MARKS_WAIT_MS - NOTIFICATION_PAGE_MARKS_RETRY_MS);
    expect(h.presented).toEqual([]);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_PAGE_MARKS_RETRY_MS);
    expect(h.presented).toEqual([1]);
    // The wait is over for this page: the next one follows its auto-close at once.
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POPUP_AUTO_CLOSE_MS);
    expect(h.presented).toEqual([1, 2]);
  });

  it('stop() while waiting for marks puts nothing up afterwards', async () => {
    const h = harness();
    h.env.pageShows = () => null;
    h.answers = [{ popups: [notification(1)], unread: 1 }];
    h.poller.start();
    await settle();
    h.poller.stop();
    await vi.advanceTimersByTimeAsync(NOTIFICATION_PAGE_MARKS_WAIT_MS * 2);
    expect(h.presented).toEqual([]);
  });
});
