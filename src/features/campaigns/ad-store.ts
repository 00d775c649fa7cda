/**
 * The visitor's ad records in local storage, under the spec §3 keys pendingAdList (date, list and
 * our fetch time), popedAdList and popedOneTimeAdList. The rules that read and change them are pure
 * (features/campaigns/rules/ad-choice.ts); this module only reads what any version wrote (anything
 * malformed reads as empty) and writes JSON back. Apart from store.ts so that a page view showing
 * the emergency notice loads none of it (issue 27).
 */
import { EMPTY_AD_STATE, type AdState, type PendingAdList, type PopupAd, type ShownAd } from '~/features/campaigns/rules/ad-choice';
import { isId, isNumber, isRecord, read, write } from '~/features/campaigns/store';

export const AD_STORAGE_KEYS = {
  pendingAdList: 'pendingAdList',
  popedAdList: 'popedAdList',
  popedOneTimeAdList: 'popedOneTimeAdList',
} as const;

const isDateText = (value: unknown): value is string | null => value === null || (typeof value === 'string' && !Number.isNaN(Date.parse(value)));

function isAd(value: unknown): value is PopupAd {
  return (
    isRecord(value) &&
    isId(value.id) &&
    typeof value.title === 'string' &&
    typeof value.image === 'string' &&
    (value.link === null || typeof value.link === 'string') &&
    isNumber(value.priority) &&
    isNumber(value.display_frequency) &&
    isNumber(value.position) &&
    isDateText(value.start_date) &&
    isDateText(value.end_date)
  );
}

const isShownAd = (value: unknown): value is ShownAd => isAd(value) && isNumber((value as ShownAd).count) && isNumber((value as ShownAd).popTime);

function readPendingAdList(): PendingAdList | null {
  const value = read(AD_STORAGE_KEYS.pendingAdList);
  if (!isRecord(value) || typeof value.date !== 'string' || !Array.isArray(value.list)) return null;
  return { date: value.date, list: value.list.filter(isAd), fetchedAt: isNumber(value.fetchedAt) ? value.fetchedAt : 0 };
}

export function loadAdState(): AdState {
  const poped = read(AD_STORAGE_KEYS.popedAdList);
  const oneTime = read(AD_STORAGE_KEYS.popedOneTimeAdList);
  return {
    ...EMPTY_AD_STATE,
    pendingAdList: readPendingAdList(),
    popedAdList: Array.isArray(poped) ? poped.filter(isShownAd) : [],
    popedOneTimeAdList: Array.isArray(oneTime) ? oneTime.filter(isId) : [],
  };
}

export function saveAdState(state: AdState): void {
  write(AD_STORAGE_KEYS.pendingAdList, state.pendingAdList);
  write(AD_STORAGE_KEYS.popedAdList, state.popedAdList);
  write(AD_STORAGE_KEYS.popedOneTimeAdList, state.popedOneTimeAdList);
}
