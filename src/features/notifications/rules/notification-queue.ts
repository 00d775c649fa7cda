/**
 * The signed-in notification popups, spec §4 "Logged-in notification popups are queued and shown
 * one at a time; each id only once; auto-closed after 10 s" and §9 (poll 15 s, popup 10 s):
 * - every poll's unread popups join the queue, oldest first, unless the id was shown before in
 *   this browser (`popedIdArr`), is already waiting, or is on screen;
 * - one popup at a time: the next leaves the queue only when the one on screen has closed, and its
 *   id is remembered at that moment (shown once, even if the tab closes before it is read);
 * - `popedIdArr` keeps the newest POPED_IDS_MAX ids, so it cannot grow for ever; ids are the
 *   server's increasing row ids, so the oldest ones dropped are the ones no poll brings back;
 * - the poll is due every NOTIFICATION_POLL_MS after the previous one; a hidden tab does not poll,
 *   and when it shows again a poll already due runs at once (catch-up), otherwise at its time.
 * Pure: values in, values out; the clock is passed in as `now` (ms).
 */
import { NOTIFICATION_POLL_MS } from '~/features/notifications/constants';

/** The local storage key of spec §3 "Local storage keys". */
export const POPED_IDS_STORAGE_KEY = 'popedIdArr';

/** How many shown ids popedIdArr keeps (ours: a day's popups many times over, a few KB at most). */
export const POPED_IDS_MAX = 200;

export interface PopupQueue<T extends { id: number }> {
  /** Waiting to be shown, in order. */
  waiting: readonly T[];
  /** On screen now (at most one). */
  showing: T | null;
  /** Ids already shown in this browser (popedIdArr), oldest first. */
  shown: readonly number[];
}

export function emptyQueue<T extends { id: number }>(shown: readonly number[] = []): PopupQueue<T> {
  return { waiting: [], showing: null, shown };
}

/** A poll's popups join the queue: each id once, whatever was shown, waits or shows is skipped. */
export function enqueuePopups<T extends { id: number }>(queue: PopupQueue<T>, popups: readonly T[]): PopupQueue<T> {
  const known = new Set<number>(queue.shown);
  for (const item of queue.waiting) known.add(item.id);
  if (queue.showing) known.add(queue.showing.id);
  const fresh: T[] = [];
  for (const popup of popups) {
    if (!Number.isSafeInteger(popup.id) || known.has(popup.id)) continue;
    known.add(popup.id);
    fresh.push(popup);
  }
  return fresh.length === 0 ? queue : { ...queue, waiting: [...queue.waiting, ...fresh] };
}

/**
 * The next popup goes on screen when none is showing: it leaves the queue and its id is
 * remembered (capped). Nothing changes while one shows or nothing waits.
 */
export function showNext<T extends { id: number }>(queue: PopupQueue<T>): PopupQueue<T> {
  if (queue.showing !== null || queue.waiting.length === 0) return queue;
  const [next, ...rest] = queue.waiting as [T, ...T[]];
  return { waiting: rest, showing: next, shown: rememberShown(queue.shown, next.id) };
}

/** The popup on screen closed (by itself after 10 s, by 关闭, or by following its link). */
export function closeShowing<T extends { id: number }>(queue: PopupQueue<T>, id: number): PopupQueue<T> {
  return queue.showing?.id === id ? { ...queue, showing: null } : queue;
}

/** `ids` with `id` appended (moved to the end if present), keeping the newest `max`. */
export function rememberShown(ids: readonly number[], id: number, max: number = POPED_IDS_MAX): number[] {
  const next = ids.filter((known) => known !== id);
  next.push(id);
  return next.length > max ? next.slice(next.length - max) : next;
}

/** What localStorage.popedIdArr holds, read forgivingly: anything malformed counts as nothing shown. */
export function parsePopedIds(raw: string | null, max: number = POPED_IDS_MAX): number[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids: number[] = [];
  for (const item of value) {
    const id = typeof item === 'string' && /^\d{1,15}$/.test(item) ? Number(item) : item;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids.length > max ? ids.slice(ids.length - max) : ids;
}

/**
 * How long until the next poll, given when the last one started (null: never) and whether the
 * tab is hidden: null while hidden (no poll), 0 when due (or overdue: the catch-up), else the rest.
 */
export function pollDelay(lastPollAt: number | null, now: number, hidden: boolean, intervalMs: number = NOTIFICATION_POLL_MS): number | null {
  if (hidden) return null;
  if (lastPollAt === null) return 0;
  const elapsed = now - lastPollAt;
  // A clock set back (elapsed < 0) waits one interval from now rather than for ever.
  if (elapsed < 0) return intervalMs;
  return Math.max(0, intervalMs - elapsed);
}
