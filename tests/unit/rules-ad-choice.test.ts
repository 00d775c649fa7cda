/**
 * spec §4 "Ad popup choice", one group per sentence, with the clock and the random source fixed.
 * Times are Shanghai wall clock.
 */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_AD_STATE,
  chooseAd,
  isAllowedByFrequency,
  isAllowedByPosition,
  isInsideWindow,
  nextPriority,
  recordShown,
  resetForNewDay,
  withAdList,
  type AdState,
  type PopupAd,
  type ShownAd,
} from '~/features/campaigns/rules/ad-choice';

const HOUR = 3_600_000;
const at = (text: string): Date => new Date(`${text.replace(' ', 'T')}:00+08:00`);
const NOW = at('2026-03-10 12:00');

/** An ad with the fields a case cares about; the rest neutral (always-in-window, everywhere, priority 1, once a day). */
function ad(id: number, fields: Partial<PopupAd> = {}): PopupAd {
  return {
    id,
    title: `广告${id}`,
    image: `/ads/${id}.svg`,
    link: null,
    priority: 1,
    display_frequency: 0,
    position: 0,
    start_date: null,
    end_date: null,
    ...fields,
  };
}

function shown(source: PopupAd, count: number, popTime: Date): ShownAd {
  return { ...source, count, popTime: popTime.getTime() };
}

/** Today's state with the list fetched and these ads already shown. */
function stateWith(ads: PopupAd[], popedAdList: ShownAd[] = [], popedOneTimeAdList: number[] = []): AdState {
  return { ...withAdList(EMPTY_AD_STATE, ads, NOW), popedAdList, popedOneTimeAdList };
}

/** A random source returning these values in turn (then the last one). */
function randoms(...values: number[]): () => number {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)]!;
}

const choose = (ads: PopupAd[], state: AdState, options: { now?: Date; random?: () => number; tejia?: boolean } = {}) =>
  chooseAd({ ads, state, now: options.now ?? NOW, random: options.random ?? randoms(0), onSpecialOfferPage: options.tejia ?? false });

describe('"Eligible ads: inside their start/end window, allowed by frequency, matching the position rule."', () => {
  it.each([
    ['no window', null, null, true],
    ['started an hour ago, no end', '2026-03-10T03:00:00Z', null, true],
    ['starts exactly now', NOW.toISOString(), null, true],
    ['starts 1 ms from now', new Date(NOW.getTime() + 1).toISOString(), null, false],
    ['ends exactly now', null, NOW.toISOString(), true],
    ['ended 1 ms ago', null, new Date(NOW.getTime() - 1).toISOString(), false],
    ['yesterday only', '2026-03-09T00:00:00+08:00', '2026-03-09T23:59:59+08:00', false],
    ['today inside', '2026-03-10T00:00:00+08:00', '2026-03-10T23:59:59+08:00', true],
  ])('window %s: %s', (_name, start, end, inside) => {
    expect(isInsideWindow({ start_date: start, end_date: end }, NOW)).toBe(inside);
  });

  it('only the ad inside its window is chosen', () => {
    const ads = [ad(1, { end_date: '2026-03-09T23:59:59+08:00' }), ad(2)];
    expect(choose(ads, stateWith(ads)).ad?.id).toBe(2);
  });

  it('nothing is chosen when no ad is eligible', () => {
    const ads = [ad(1, { start_date: '2026-03-11T00:00:00+08:00' }), ad(2, { position: 1 })];
    expect(choose(ads, stateWith(ads)).ad).toBeNull();
  });
});

describe('"Frequency 0 or 3: allowed if shown fewer than 1 time. Frequency 1: fewer than 2 times. Frequency 2: once ever, tracked in the one-time list. Other values: always allowed."', () => {
  it.each([
    [0, 0, [], true],
    [0, 1, [], false],
    [3, 0, [], true],
    [3, 1, [], false],
    [1, 0, [], true],
    [1, 1, [], true],
    [1, 2, [], false],
    [2, 0, [], true],
    [2, 5, [], true],
    [2, 0, [7], false],
    [2, 0, [8], true],
    [4, 0, [], true],
    [4, 99, [7], true],
    [-1, 10, [], true],
  ])('frequency %i shown %i times today, one-time list %j: allowed %s', (frequency, count, oneTime, allowed) => {
    expect(isAllowedByFrequency({ id: 7, display_frequency: frequency }, count, oneTime)).toBe(allowed);
  });

  it('a frequency-2 ad joins the one-time list when shown, once', () => {
    const once = ad(7, { display_frequency: 2 });
    const after = recordShown(stateWith([once]), once, NOW.getTime());
    expect(after.popedOneTimeAdList).toEqual([7]);
    expect(recordShown(after, once, NOW.getTime()).popedOneTimeAdList).toEqual([7]);
    expect(recordShown(stateWith([ad(8)]), ad(8), NOW.getTime()).popedOneTimeAdList).toEqual([]);
  });

  it('a frequency-2 ad in the one-time list is not shown even on a new day', () => {
    const once = ad(7, { display_frequency: 2 });
    const yesterday = at('2026-03-09 09:00');
    const state: AdState = {
      pendingAdList: { date: '2026-03-09', list: [once], fetchedAt: yesterday.getTime() },
      popedAdList: [shown(once, 1, yesterday)],
      popedOneTimeAdList: [7],
    };
    expect(choose([once], state).ad).toBeNull();
  });
});

describe('position rule (spec §3: 0 everywhere, 1 only on the special-offer page)', () => {
  it.each([
    [0, false, true],
    [0, true, true],
    [1, false, false],
    [1, true, true],
    [2, true, false],
  ])('position %i on the special-offer page %s: %s', (position, tejia, allowed) => {
    expect(isAllowedByPosition({ position }, tejia)).toBe(allowed);
  });

  it('a position-1 ad is chosen on tejia and not elsewhere', () => {
    const ads = [ad(1, { position: 1 })];
    expect(choose(ads, stateWith(ads), { tejia: true }).ad?.id).toBe(1);
    expect(choose(ads, stateWith(ads), { tejia: false }).ad).toBeNull();
  });
});

describe('"The first ad is random among the lowest priority number with candidates."', () => {
  const ads = [ad(1, { priority: 3 }), ad(2, { priority: 2 }), ad(3, { priority: 2 }), ad(4, { priority: 2 })];
  it.each([
    [0, 2],
    [0.33, 2],
    [0.34, 3],
    [0.66, 3],
    [0.67, 4],
    [0.999, 4],
  ])('random %d picks ad %i among priority 2 (none at priority 1)', (value, id) => {
    expect(choose(ads, stateWith(ads), { random: randoms(value) }).ad?.id).toBe(id);
  });

  it('an ineligible lower priority is skipped: the lowest with candidates counts', () => {
    const list = [ad(1, { priority: 1, position: 1 }), ad(2, { priority: 3 })];
    expect(choose(list, stateWith(list)).ad?.id).toBe(2);
  });
});

describe('"Later picks rotate to the next priority (3 wraps to 1). They prefer, at random, ads other than the last shown whose count differs from the last one\'s; otherwise they rotate on and avoid the most-shown ad."', () => {
  const SEVEN_HOURS_AGO = new Date(NOW.getTime() - 7 * HOUR);

  it.each([
    [1, 2],
    [2, 3],
    [3, 1],
  ])('after priority %i comes %i', (priority, next) => {
    expect(nextPriority(priority)).toBe(next);
  });

  it('rotates from the last shown (priority 1) to priority 2, not back to the lowest', () => {
    const a = ad(1, { priority: 1, display_frequency: 4 });
    const b = ad(2, { priority: 2, display_frequency: 4 });
    const state = stateWith([a, b], [shown(a, 1, SEVEN_HOURS_AGO)]);
    expect(choose([a, b], state).ad?.id).toBe(2);
  });

  it('3 wraps to 1', () => {
    const a = ad(1, { priority: 1, display_frequency: 4 });
    const c = ad(3, { priority: 3, display_frequency: 4 });
    const state = stateWith([a, c], [shown(a, 1, at('2026-03-10 01:00')), shown(c, 1, SEVEN_HOURS_AGO)]);
    // The last shown is ad 3 (priority 3); next is priority 1 where ad 1 has count 1, same as the
    // last one's, so it is not preferred; rotating on from priority 1, ad 1 is the only one there.
    expect(choose([a, c], state).ad?.id).toBe(1);
  });

  it('prefers, at random, ads at the next priority whose count differs from the last one\'s', () => {
    const last = ad(1, { priority: 1, display_frequency: 4 });
    const sameCount = ad(2, { priority: 2, display_frequency: 4 });
    const fresh1 = ad(3, { priority: 2, display_frequency: 4 });
    const fresh2 = ad(4, { priority: 2, display_frequency: 4 });
    const ads = [last, sameCount, fresh1, fresh2];
    const state = stateWith(ads, [shown(sameCount, 1, at('2026-03-10 01:00')), shown(last, 1, SEVEN_HOURS_AGO)]);
    // ad 2 has count 1 like the last (ad 1): only ads 3 and 4 (count 0) are preferred.
    expect(choose(ads, state, { random: randoms(0) }).ad?.id).toBe(3);
    expect(choose(ads, state, { random: randoms(0.5) }).ad?.id).toBe(4);
    expect(choose(ads, state, { random: randoms(0.99) }).ad?.id).toBe(4);
  });

  it('the last shown ad is never the preferred one, even at its own priority after a full turn', () => {
    // One priority only: next priority (2) has nothing; rotating on reaches 1 where the last ad
    // (count 2, the most shown) is avoided in favour of ad 2 (count 1).
    const last = ad(1, { priority: 1, display_frequency: 4 });
    const other = ad(2, { priority: 1, display_frequency: 4 });
    const state = stateWith([last, other], [shown(other, 1, at('2026-03-10 00:30')), shown(last, 2, SEVEN_HOURS_AGO)]);
    expect(choose([last, other], state, { random: randoms(0.99) }).ad?.id).toBe(2);
  });

  it('otherwise rotates on to the priority after the next when the next has no candidates', () => {
    const last = ad(1, { priority: 1, display_frequency: 4 });
    const third = ad(3, { priority: 3, display_frequency: 4 });
    const state = stateWith([last, third], [shown(last, 1, SEVEN_HOURS_AGO)]);
    expect(choose([last, third], state).ad?.id).toBe(3);
  });

  it('otherwise, rotating on, avoids the most-shown ad', () => {
    const last = ad(1, { priority: 1, display_frequency: 4 });
    const most = ad(2, { priority: 3, display_frequency: 4 });
    const less = ad(3, { priority: 3, display_frequency: 4 });
    const ads = [last, most, less];
    // Priority 2 has nothing; rotating on to 3, ad 2 (count 3) is avoided for ad 3 (count 1).
    const state = stateWith(ads, [shown(most, 3, at('2026-03-10 00:10')), shown(less, 1, at('2026-03-10 00:20')), shown(last, 1, SEVEN_HOURS_AGO)]);
    expect(choose(ads, state, { random: randoms(0) }).ad?.id).toBe(3);
    expect(choose(ads, state, { random: randoms(0.99) }).ad?.id).toBe(3);
  });

  it('otherwise, at the next priority, ads with the last one\'s count are taken at random (all equally shown)', () => {
    const last = ad(1, { priority: 1, display_frequency: 4 });
    const b = ad(2, { priority: 2, display_frequency: 4 });
    const c = ad(3, { priority: 2, display_frequency: 4 });
    const ads = [last, b, c];
    const state = stateWith(ads, [shown(b, 1, at('2026-03-10 00:10')), shown(c, 1, at('2026-03-10 00:20')), shown(last, 1, SEVEN_HOURS_AGO)]);
    expect(choose(ads, state, { random: randoms(0) }).ad?.id).toBe(2);
    expect(choose(ads, state, { random: randoms(0.99) }).ad?.id).toBe(3);
  });

  it('a lone candidate is shown again even though it is the most shown', () => {
    const only = ad(1, { priority: 2, display_frequency: 4 });
    const state = stateWith([only], [shown(only, 2, SEVEN_HOURS_AGO)]);
    expect(choose([only], state).ad?.id).toBe(1);
  });

  it('a last ad no longer listed still sets the rotation by its saved priority', () => {
    const gone = ad(9, { priority: 2 });
    const p1 = ad(1, { priority: 1, display_frequency: 4 });
    const p3 = ad(3, { priority: 3, display_frequency: 4 });
    const state = stateWith([p1, p3], [shown(gone, 1, SEVEN_HOURS_AGO)]);
    expect(choose([p1, p3], state).ad?.id).toBe(3);
  });
});

describe('"The count and popTime are saved and the ad shown."', () => {
  it('a first show records count 1 and popTime now', () => {
    const a = ad(1);
    const { ad: chosen, state } = choose([a], stateWith([a]));
    expect(chosen).toEqual(a);
    expect(state.popedAdList).toEqual([{ ...a, count: 1, popTime: NOW.getTime() }]);
  });

  it('a second show of the same ad increments its count and moves its popTime', () => {
    const a = ad(1, { display_frequency: 1 });
    const earlier = at('2026-03-10 05:00');
    const { state } = choose([a], stateWith([a], [shown(a, 1, earlier)]));
    expect(state.popedAdList).toEqual([{ ...a, count: 2, popTime: NOW.getTime() }]);
  });

  it('nothing is saved when nothing is shown', () => {
    const before = stateWith([]);
    expect(choose([], before)).toEqual({ ad: null, state: before });
  });
});

describe('"On a new calendar day the pending and shown lists are cleared." (Asia/Shanghai)', () => {
  const a = ad(1);
  const yesterdayEvening = at('2026-03-09 23:00');
  const yesterdayState: AdState = {
    pendingAdList: { date: '2026-03-09', list: [a], fetchedAt: yesterdayEvening.getTime() },
    popedAdList: [shown(a, 1, yesterdayEvening)],
    popedOneTimeAdList: [5],
  };

  it.each([
    ['23:59 the same day keeps them', '2026-03-09 23:59', true],
    ['00:00 the next Shanghai day clears them', '2026-03-10 00:00', false],
    ['16:00 UTC (00:00 Shanghai) is already the next day', '2026-03-10 00:00', false],
  ])('%s', (_name, when, kept) => {
    const after = resetForNewDay(yesterdayState, at(when));
    expect(after.popedAdList.length > 0).toBe(kept);
    expect(after.pendingAdList !== null).toBe(kept);
    expect(after.popedOneTimeAdList).toEqual([5]);
  });

  it('without a pending list, the day of the latest show decides', () => {
    const state: AdState = { pendingAdList: null, popedAdList: [shown(a, 1, yesterdayEvening)], popedOneTimeAdList: [] };
    expect(resetForNewDay(state, at('2026-03-09 23:30')).popedAdList).toHaveLength(1);
    expect(resetForNewDay(state, at('2026-03-10 00:30')).popedAdList).toEqual([]);
  });

  it('an ad shown once yesterday (frequency 0) is shown again today, one hour after', () => {
    const { ad: chosen, state } = choose([a], yesterdayState, { now: at('2026-03-10 00:00') });
    expect(chosen?.id).toBe(1);
    expect(state.popedAdList).toEqual([{ ...a, count: 1, popTime: at('2026-03-10 00:00').getTime() }]);
  });

  it('withAdList stamps today\'s Shanghai date and the fetch time', () => {
    const state = withAdList(EMPTY_AD_STATE, [a], at('2026-03-10 07:59'));
    expect(state.pendingAdList).toEqual({ date: '2026-03-10', list: [a], fetchedAt: at('2026-03-10 07:59').getTime() });
  });
});

describe('"A new ad is shown at most every 6 hours."', () => {
  const a = ad(1, { display_frequency: 4 });
  const b = ad(2, { display_frequency: 4 });
  it.each([
    ['1 minute after the last show', 1 / 60, null],
    ['5 h 59 min after', 6 - 1 / 60, null],
    ['exactly 6 h after', 6, 1],
    ['7 h after', 7, 1],
  ])('%s', (_name, hours, expected) => {
    const lastShow = new Date(NOW.getTime() - hours * HOUR);
    const state = stateWith([a, b], [shown(b, 1, lastShow)]);
    expect(choose([a, b], state).ad?.id ?? null).toBe(expected);
  });
});
