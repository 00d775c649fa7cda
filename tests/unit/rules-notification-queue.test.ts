import { describe, expect, it } from 'vitest';
import { NOTIFICATION_POLL_MS } from '~/features/notifications/constants';
import { closeShowing, emptyQueue, enqueuePopups, parsePopedIds, pollDelay, POPED_IDS_MAX, POPED_IDS_STORAGE_KEY, rememberShown, showNext, type PopupQueue } from '~/features/notifications/rules/notification-queue';

// spec §4 "Logged-in notification popups are queued and shown one at a time; each id only once;
// auto-closed after 10 s"; §3 local storage key popedIdArr; §9 notification poll 15 s.

type Item = { id: number };
const items = (...ids: number[]): Item[] => ids.map((id) => ({ id }));
const ids = (queue: PopupQueue<Item>): { waiting: number[]; showing: number | null; shown: number[] } => ({
  waiting: queue.waiting.map((item) => item.id),
  showing: queue.showing?.id ?? null,
  shown: [...queue.shown],
});

describe('spec §3: the shown ids live under popedIdArr', () => {
  it('uses the spec key', () => expect(POPED_IDS_STORAGE_KEY).toBe('popedIdArr'));
});

describe('enqueuePopups: "queued ... each id only once"', () => {
  const cases: { name: string; queue: PopupQueue<Item>; popups: Item[]; waiting: number[] }[] = [
    { name: 'new popups wait in the order the poll gives them', queue: emptyQueue(), popups: items(3, 1, 2), waiting: [3, 1, 2] },
    { name: 'an id shown before (popedIdArr) is skipped', queue: emptyQueue([2]), popups: items(1, 2, 3), waiting: [1, 3] },
    { name: 'an id already waiting is not queued twice', queue: { waiting: items(1), showing: null, shown: [] }, popups: items(1, 2), waiting: [1, 2] },
    { name: 'the id on screen is not queued again', queue: { waiting: [], showing: { id: 5 }, shown: [5] }, popups: items(5, 6), waiting: [6] },
    { name: 'a poll repeating an id within itself queues it once', queue: emptyQueue(), popups: items(4, 4), waiting: [4] },
    { name: 'an id that is not a safe integer is ignored', queue: emptyQueue(), popups: [{ id: Number.NaN }, { id: 1.5 }, { id: 7 }], waiting: [7] },
    { name: 'an empty poll changes nothing', queue: { waiting: items(9), showing: null, shown: [] }, popups: [], waiting: [9] },
  ];
  for (const { name, queue, popups, waiting } of cases) {
    it(name, () => expect(ids(enqueuePopups(queue, popups)).waiting).toEqual(waiting));
  }
});

describe('showNext: "shown one at a time", the id remembered when shown', () => {
  it('the first waiting popup goes on screen and into popedIdArr', () => {
    expect(ids(showNext({ waiting: items(1, 2), showing: null, shown: [7] }))).toEqual({ waiting: [2], showing: 1, shown: [7, 1] });
  });
  it('nothing moves while one is on screen', () => {
    const queue: PopupQueue<Item> = { waiting: items(2), showing: { id: 1 }, shown: [1] };
    expect(showNext(queue)).toBe(queue);
  });
  it('nothing happens when nothing waits', () => {
    const queue = emptyQueue<Item>([1]);
    expect(showNext(queue)).toBe(queue);
  });
  it('after it closes the next one shows, and a later poll cannot bring the first back', () => {
    let queue = showNext(enqueuePopups(emptyQueue<Item>(), items(1, 2)));
    queue = showNext(closeShowing(queue, 1));
    expect(ids(queue)).toEqual({ waiting: [], showing: 2, shown: [1, 2] });
    queue = enqueuePopups(closeShowing(queue, 2), items(1, 2));
    expect(ids(queue)).toEqual({ waiting: [], showing: null, shown: [1, 2] });
  });
  it('closing an id that is not on screen changes nothing', () => {
    const queue: PopupQueue<Item> = { waiting: [], showing: { id: 1 }, shown: [1] };
    expect(closeShowing(queue, 2)).toBe(queue);
  });
});

describe('rememberShown: popedIdArr is capped so it cannot grow for ever', () => {
  it('appends a new id', () => expect(rememberShown([1, 2], 3)).toEqual([1, 2, 3]));
  it('moves a known id to the end instead of repeating it', () => expect(rememberShown([1, 2, 3], 1)).toEqual([2, 3, 1]));
  it('keeps the newest `max`, dropping the oldest', () => expect(rememberShown([1, 2, 3], 4, 3)).toEqual([2, 3, 4]));
  it(`holds at most ${POPED_IDS_MAX} by default`, () => {
    let shown: number[] = [];
    for (let id = 1; id <= POPED_IDS_MAX + 50; id += 1) shown = rememberShown(shown, id);
    expect(shown).toHaveLength(POPED_IDS_MAX);
    expect(shown[0]).toBe(51);
    expect(shown.at(-1)).toBe(POPED_IDS_MAX + 50);
  });
});

describe('parsePopedIds: whatever localStorage holds, read forgivingly', () => {
  const cases: [string | null, number[]][] = [
    [null, []],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['[1,2,3]', [1, 2, 3]],
    ['["4","5"]', [4, 5]],
    ['[1,1,2]', [1, 2]],
    ['[0,-1,1.5,null,"x",{},6]', [6]],
    ['[1e300]', []],
  ];
  for (const [raw, expected] of cases) {
    it(`${JSON.stringify(raw)} → ${JSON.stringify(expected)}`, () => expect(parsePopedIds(raw)).toEqual(expected));
  }
  it('keeps only the newest `max` of an oversized value', () => {
    expect(parsePopedIds(JSON.stringify([1, 2, 3, 4, 5]), 2)).toEqual([4, 5]);
  });
});

describe('pollDelay: every 15 s, none while hidden, at once when overdue', () => {
  const T = 1_000_000;
  const cases: { name: string; last: number | null; now: number; hidden: boolean; delay: number | null }[] = [
    { name: 'the first poll runs at once', last: null, now: T, hidden: false, delay: 0 },
    { name: 'right after a poll, the next is 15 s away', last: T, now: T, hidden: false, delay: NOTIFICATION_POLL_MS },
    { name: '10 s after a poll, 5 s remain', last: T, now: T + 10_000, hidden: false, delay: 5_000 },
    { name: 'exactly 15 s after, it is due', last: T, now: T + 15_000, hidden: false, delay: 0 },
    { name: 'shown again after a minute hidden: at once (catch-up)', last: T, now: T + 60_000, hidden: false, delay: 0 },
    { name: 'hidden: no poll at all', last: T, now: T + 60_000, hidden: true, delay: null },
    { name: 'hidden before the first poll: none either', last: null, now: T, hidden: true, delay: null },
    { name: 'a clock set back waits one interval, not for ever', last: T, now: T - 5_000, hidden: false, delay: NOTIFICATION_POLL_MS },
  ];
  for (const { name, last, now, hidden, delay } of cases) {
    it(name, () => expect(pollDelay(last, now, hidden)).toBe(delay));
  }
  it('the spec cadence is 15 s', () => expect(NOTIFICATION_POLL_MS).toBe(15_000));
});
