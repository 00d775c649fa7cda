/**
 * Popup ads as the console schedules them ("popup advertisements (all spec §3 fields, ...
 * date window, preview of the choice rule)"): the date window in Shanghai days, an ad's state on
 * the console's list, and what a fresh visitor would see, by the spec §4 rule itself
 * (ad-choice.ts) run with a fixed random source so the preview is the same on every reload.
 */
import { MS_PER_DAY } from '~/platform/config/constants';
import { AD_MIN_INTERVAL_MS } from '~/features/campaigns/constants';
import { chooseAd, EMPTY_AD_STATE, type AdState, type PopupAd } from '~/features/campaigns/rules/ad-choice';
import { formatShanghaiDate, shanghaiDayStart } from '~/platform/rules/shanghai-time';

export interface AdWindow {
  startDate: Date | null;
  endDate: Date | null;
}

/**
 * Shanghai days 'YYYY-MM-DD' (either may be absent) → the stored window: from the first day's
 * 00:00 to the last millisecond of the last day, both ends inclusive as spec §4 eligibility reads
 * them. null when a day is not a real date or the window ends before it starts.
 */
export function adWindowFromDays(startDay: string | null, endDay: string | null): AdWindow | null {
  const startDate = startDay === null ? null : shanghaiDayStart(startDay);
  const endStart = endDay === null ? null : shanghaiDayStart(endDay);
  if ((startDay !== null && startDate === null) || (endDay !== null && endStart === null)) return null;
  const endDate = endStart === null ? null : new Date(endStart.getTime() + MS_PER_DAY - 1);
  if (startDate && endDate && endDate < startDate) return null;
  return { startDate, endDate };
}

/** The Shanghai days of a stored window (what the console's date inputs show). */
export function adDaysOf(ad: Pick<PopupAd, 'start_date' | 'end_date'>): { startDay: string | null; endDay: string | null } {
  return {
    startDay: ad.start_date === null ? null : formatShanghaiDate(new Date(ad.start_date)),
    endDay: ad.end_date === null ? null : formatShanghaiDate(new Date(ad.end_date)),
  };
}

/** An ad on the console's list: 进行中, 未开始, 已结束, or withdrawn by an operator. */
export type AdStatus = 'active' | 'upcoming' | 'ended' | 'inactive';

export const AD_STATUS_LABELS: Readonly<Record<AdStatus, string>> = {
  active: '进行中',
  upcoming: '未开始',
  ended: '已结束',
  inactive: '已停用',
};

export function adStatusAt(ad: Pick<PopupAd, 'start_date' | 'end_date'> & { is_active: boolean }, now: Date): AdStatus {
  if (!ad.is_active) return 'inactive';
  if (ad.start_date !== null && Date.parse(ad.start_date) > now.getTime()) return 'upcoming';
  if (ad.end_date !== null && Date.parse(ad.end_date) < now.getTime()) return 'ended';
  return 'active';
}

/** One visit of the preview's fresh visitor. */
export interface AdPreviewStep {
  /** The visit's instant. */
  at: Date;
  /** What the rule shows with the fixed random source (the first candidate), or null. */
  ad: PopupAd | null;
  /** Every ad another random draw could have shown at this visit (the fixed pick first). */
  possible: PopupAd[];
}

/** The fixed random source of the preview: always the first candidate (the list is by priority, then id). */
export const PREVIEW_RANDOM = (): number => 0;

/**
 * A fresh visitor (empty local storage) entering the page at 00:00 of `day` (Shanghai) and again
 * every AD_MIN_INTERVAL_MS until the day ends: what the spec §4 rule shows each time. Randomness is
 * fixed (PREVIEW_RANDOM) so the preview is deterministic; `possible` lists what other draws could
 * have shown, found by running the rule with draws spread evenly over [0, 1) (with n ads, every
 * index of a group of at most n candidates is reached).
 */
export function previewAdRotation(ads: readonly PopupAd[], day: string, onSpecialOfferPage: boolean): AdPreviewStep[] {
  const start = shanghaiDayStart(day);
  if (!start) return [];
  const draws = Array.from({ length: Math.max(1, ads.length) }, (_, i) => (i + 0.5) / Math.max(1, ads.length));
  const steps: AdPreviewStep[] = [];
  let state: AdState = EMPTY_AD_STATE;
  for (let at = start.getTime(); at < start.getTime() + MS_PER_DAY; at += AD_MIN_INTERVAL_MS) {
    const now = new Date(at);
    const fixed = chooseAd({ ads, state, now, random: PREVIEW_RANDOM, onSpecialOfferPage });
    const possible: PopupAd[] = fixed.ad ? [fixed.ad] : [];
    for (const draw of draws) {
      const other = chooseAd({ ads, state, now, random: () => draw, onSpecialOfferPage }).ad;
      if (other && !possible.some((ad) => ad.id === other.id)) possible.push(other);
    }
    steps.push({ at: now, ad: fixed.ad, possible });
    state = fixed.state;
  }
  return steps;
}
