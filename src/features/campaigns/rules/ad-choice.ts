/**
 * spec §4 "Ad popup choice": which popup advertisement (if any) to show now, as a pure function of
 * the ad list, the local records (spec §3 local storage keys pendingAdList, popedAdList,
 * popedOneTimeAdList), the clock and a random source. The browser saves the state it returns.
 *
 * Readings where the spec is terse (docs/decisions.md "Popup ads and emergency notices"):
 * - "count" is the number of times an ad was shown today (popedAdList is cleared each Shanghai day).
 * - The "last shown" ad is the popedAdList record with the latest popTime.
 * - "Otherwise they rotate on": walk the priorities from the next one (next, next+1, next+2, wrapping
 *   3 → 1) and take the first priority with candidates; inside it, avoid the most-shown ad (those
 *   with the highest count) unless every candidate there is one of them.
 */
import { AD_MIN_INTERVAL_MS, AD_PRIORITIES } from '~/features/campaigns/constants';
import { formatShanghaiDate } from '~/platform/rules/shanghai-time';

/** spec §3 Popup advertisement as GET /api/v1/popup_advertisement sends it. */
export interface PopupAd {
  id: number;
  title: string;
  image: string;
  link: string | null;
  /** 1 to 3. */
  priority: number;
  /** 0 to 3 (spec §4 frequency rule). */
  display_frequency: number;
  /** 0 everywhere, 1 only on the special-offer page. */
  position: number;
  /** ISO 8601 or null. */
  start_date: string | null;
  end_date: string | null;
}

/** spec §3 "Local additions: popTime and count": an ad as shown today. */
export interface ShownAd extends PopupAd {
  /** Times shown today. */
  count: number;
  /** Epoch ms of the latest show. */
  popTime: number;
}

/** pendingAdList: the fetched list and the Shanghai day it belongs to (spec §3 "date and list"). */
export interface PendingAdList {
  /** 'YYYY-MM-DD', Asia/Shanghai. */
  date: string;
  list: PopupAd[];
  /** Epoch ms of the fetch (the 10-minute refresh, spec §7). */
  fetchedAt: number;
}

export interface AdState {
  pendingAdList: PendingAdList | null;
  popedAdList: ShownAd[];
  /** Ids of frequency-2 ads ever shown. */
  popedOneTimeAdList: number[];
}

export interface AdChoiceInput {
  ads: readonly PopupAd[];
  state: AdState;
  now: Date;
  /** Returns a number in [0, 1), like Math.random. */
  random: () => number;
  /** On the special-offer page (tejia), where position 1 ads may show. */
  onSpecialOfferPage: boolean;
}

export interface AdChoice {
  ad: PopupAd | null;
  state: AdState;
}

export const EMPTY_AD_STATE: AdState = { pendingAdList: null, popedAdList: [], popedOneTimeAdList: [] };

/** spec §4: "On a new calendar day the pending and shown lists are cleared." */
export function resetForNewDay(state: AdState, now: Date): AdState {
  // The day is the pending list's; without one (never fetched), the day of the latest show.
  const latest = Math.max(...state.popedAdList.map((shown) => shown.popTime));
  const day = state.pendingAdList?.date ?? (Number.isFinite(latest) ? formatShanghaiDate(new Date(latest)) : null);
  if (day === null || day === formatShanghaiDate(now)) return state;
  return { ...state, pendingAdList: null, popedAdList: [] };
}

/** The fetched list saved as pendingAdList for today (after resetForNewDay). */
export function withAdList(state: AdState, list: PopupAd[], now: Date): AdState {
  return { ...resetForNewDay(state, now), pendingAdList: { date: formatShanghaiDate(now), list, fetchedAt: now.getTime() } };
}

/** spec §4 eligibility: inside the start/end window (both ends inclusive, either may be absent). */
export function isInsideWindow(ad: Pick<PopupAd, 'start_date' | 'end_date'>, now: Date): boolean {
  const at = now.getTime();
  if (ad.start_date !== null && Date.parse(ad.start_date) > at) return false;
  if (ad.end_date !== null && Date.parse(ad.end_date) < at) return false;
  return true;
}

/**
 * spec §4: "Frequency 0 or 3: allowed if shown fewer than 1 time. Frequency 1: fewer than 2 times.
 * Frequency 2: once ever, tracked in the one-time list. Other values: always allowed."
 */
export function isAllowedByFrequency(ad: Pick<PopupAd, 'id' | 'display_frequency'>, count: number, oneTimeIds: readonly number[]): boolean {
  switch (ad.display_frequency) {
    case 0:
    case 3:
      return count < 1;
    case 1:
      return count < 2;
    case 2:
      return !oneTimeIds.includes(ad.id);
    default:
      return true;
  }
}

/** spec §3 position: 0 everywhere, 1 only on the special-offer page. */
export function isAllowedByPosition(ad: Pick<PopupAd, 'position'>, onSpecialOfferPage: boolean): boolean {
  if (ad.position === 0) return true;
  if (ad.position === 1) return onSpecialOfferPage;
  return false;
}

/** spec §4 "3 wraps to 1". */
export function nextPriority(priority: number): number {
  const index = AD_PRIORITIES.indexOf(priority as (typeof AD_PRIORITIES)[number]);
  return AD_PRIORITIES[(index + 1) % AD_PRIORITIES.length] ?? AD_PRIORITIES[0];
}

function pickAtRandom<T>(items: readonly T[], random: () => number): T {
  const index = Math.min(items.length - 1, Math.max(0, Math.floor(random() * items.length)));
  return items[index]!;
}

/** The ad to show now (or null) and the state to save. */
export function chooseAd({ ads, state: saved, now, random, onSpecialOfferPage }: AdChoiceInput): AdChoice {
  const state = resetForNewDay(saved, now);
  const at = now.getTime();
  const countOf = (id: number): number => state.popedAdList.find((shown) => shown.id === id)?.count ?? 0;

  // spec §4: "A new ad is shown at most every 6 hours."
  const last = state.popedAdList.reduce<ShownAd | null>((latest, shown) => (latest === null || shown.popTime > latest.popTime ? shown : latest), null);
  if (last !== null && at - last.popTime < AD_MIN_INTERVAL_MS) return { ad: null, state };

  const candidates = ads.filter(
    (ad) =>
      isInsideWindow(ad, now) &&
      isAllowedByFrequency(ad, countOf(ad.id), state.popedOneTimeAdList) &&
      isAllowedByPosition(ad, onSpecialOfferPage),
  );
  if (candidates.length === 0) return { ad: null, state };
  const atPriority = (priority: number): PopupAd[] => candidates.filter((ad) => ad.priority === priority);

  let chosen: PopupAd | null = null;
  if (last === null) {
    // spec §4: "The first ad is random among the lowest priority number with candidates."
    const lowest = Math.min(...candidates.map((ad) => ad.priority));
    chosen = pickAtRandom(atPriority(lowest), random);
  } else {
    // spec §4: "Later picks rotate to the next priority (3 wraps to 1). They prefer, at random, ads
    // other than the last shown whose count differs from the last one's; otherwise they rotate on
    // and avoid the most-shown ad."
    const next = nextPriority(last.priority);
    const preferred = atPriority(next).filter((ad) => ad.id !== last.id && countOf(ad.id) !== last.count);
    if (preferred.length > 0) {
      chosen = pickAtRandom(preferred, random);
    } else {
      let priority = next;
      for (let step = 0; step < AD_PRIORITIES.length && chosen === null; step += 1, priority = nextPriority(priority)) {
        const group = atPriority(priority);
        if (group.length === 0) continue;
        const most = Math.max(...group.map((ad) => countOf(ad.id)));
        const lessShown = group.filter((ad) => countOf(ad.id) < most);
        chosen = pickAtRandom(lessShown.length > 0 ? lessShown : group, random);
      }
    }
  }
  if (chosen === null) return { ad: null, state };
  return { ad: chosen, state: recordShown(state, chosen, at) };
}

/** spec §4: "The count and popTime are saved and the ad shown" (and a frequency-2 ad joins the one-time list). */
export function recordShown(state: AdState, ad: PopupAd, at: number): AdState {
  const previous = state.popedAdList.find((shown) => shown.id === ad.id);
  const shown: ShownAd = { ...ad, count: (previous?.count ?? 0) + 1, popTime: at };
  const popedAdList = previous ? state.popedAdList.map((entry) => (entry.id === ad.id ? shown : entry)) : [...state.popedAdList, shown];
  const popedOneTimeAdList =
    ad.display_frequency === 2 && !state.popedOneTimeAdList.includes(ad.id) ? [...state.popedOneTimeAdList, ad.id] : state.popedOneTimeAdList;
  return { ...state, popedAdList, popedOneTimeAdList };
}
