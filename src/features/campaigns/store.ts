/**
 * The visitor's popup records in local storage, under the spec §3 keys: pendingPopups here, the
 * ad records (pendingAdList, popedAdList, popedOneTimeAdList) in ad-store.ts, which only the ad
 * check's own chunk loads (issue 27). The rules that read and change them are pure
 * (features/campaigns/rules/notice-popups.ts, ad-choice.ts); these modules only read what any
 * version wrote (anything malformed reads as empty) and write JSON back.
 */
import { dismissForGood, type PendingPopup } from '~/features/campaigns/rules/notice-popups';

export const PENDING_POPUPS_KEY = 'pendingPopups';

export function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    // No storage (privacy mode) or not JSON: nothing known.
    return null;
  }
}

export function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or unavailable storage: the popup may show again, which is the lesser harm.
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

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
