/**
 * The visitor's popup records in local storage, under the spec §3 keys: pendingAdList (date, list
 * and our fetch time), popedAdList, popedOneTimeAdList and pendingPopups. The rules that read and
 * change them are pure (features/campaigns/rules/ad-choice.ts, features/campaigns/rules/notice-popups.ts); this module only
 * reads what any version wrote (anything malformed reads as empty) and writes JSON back.
 */
import { EMPTY_AD_STATE, type AdState, type PendingAdList, type PopupAd, type ShownAd } from '~/features/campaigns/rules/ad-choice';
import { dismissForGood, type PendingPopup } from '~/features/campaigns/rules/notice-popups';

export const AD_STORAGE_KEYS = {
  pendingAdList: 'pendingAdList',
  popedAdList: 'popedAdList',
  popedOneTimeAdList: 'popedOneTimeAdList',
} as const;
export const PENDING_POPUPS_KEY = 'pendingPopups';

function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    // No storage (privacy mode) or not JSON: nothing known.
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or unavailable storage: the popup may show again, which is the lesser harm.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
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

const isPendingPopup = (value: unknown): value is PendingPopup =>
  isRecord(value) && isId(value.id) && typeof value.title === 'string' && typeof value.content === 'string' && isNumber(value.count);

export function loadPendingPopups(): PendingPopup[] {
  const value = read(PENDING_POPUPS_KEY);
  return Array.isArray(value) ? value.filter(isPendingPopup) : [];
}

export function savePendingPopups(pending: readonly PendingPopup[]): void {
  write(PENDING_POPUPS_KEY, pending);
}

/** 不再提示 (spec §4: "'don't show again' sets its count to 3"). */
export function neverShowNoticeAgain(id: number): void {
  savePendingPopups(dismissForGood(loadPendingPopups(), id));
}
