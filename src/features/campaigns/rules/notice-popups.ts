/**
 * spec §4 "Notice popups", emergency notice: "today's popups are fetched and merged with pending
 * ones. A popup shown 3 times is dropped. The first popup not yet shown 3 times is shown and its
 * count incremented. The 'don't show again' choice sets its count to 3." Pure: the browser keeps
 * the list under pendingPopups (spec §3) and saves what these functions return.
 *
 * "Dropped" is read as "never shown again": a record that reached 3 stays in the list while the
 * server still lists its notice, because forgetting it would restart its count at 0 on the next
 * fetch; once the server no longer lists it, the record goes (docs/decisions.md).
 */
import { NOTICE_POPUP_MAX_SHOWS } from '~/features/campaigns/constants';

/** spec §3 Emergency notice. */
export interface EmergencyNotice {
  id: number;
  title: string;
  content: string;
}

/** A notice with the times it was shown (spec §3 "a local record of id and times shown"). */
export interface PendingPopup extends EmergencyNotice {
  count: number;
}

const isUsedUp = (popup: Pick<PendingPopup, 'count'>): boolean => popup.count >= NOTICE_POPUP_MAX_SHOWS;

/**
 * Today's notices merged with the pending ones: today's in the server's order (text as the server
 * now has it, count carried over by id), then pending ones the server did not list that are not
 * used up. A used-up record the server no longer lists is dropped for good.
 */
export function mergePopups(today: readonly EmergencyNotice[], pending: readonly PendingPopup[]): PendingPopup[] {
  const countById = new Map(pending.map((popup) => [popup.id, popup.count]));
  const listed = new Set(today.map((notice) => notice.id));
  const fromToday = today.map((notice) => ({ id: notice.id, title: notice.title, content: notice.content, count: countById.get(notice.id) ?? 0 }));
  return [...fromToday, ...pending.filter((popup) => !listed.has(popup.id) && !isUsedUp(popup))];
}

export interface NoticeChoice {
  /** The notice to show now, or null. */
  popup: EmergencyNotice | null;
  /** pendingPopups to save (the shown one's count already incremented). */
  pending: PendingPopup[];
}

/** The first popup not yet shown 3 times is shown and its count incremented. */
export function chooseNoticePopup(today: readonly EmergencyNotice[], pending: readonly PendingPopup[]): NoticeChoice {
  const merged = mergePopups(today, pending);
  const first = merged.find((popup) => !isUsedUp(popup));
  if (!first) return { popup: null, pending: merged };
  return {
    popup: { id: first.id, title: first.title, content: first.content },
    pending: merged.map((popup) => (popup === first ? { ...popup, count: popup.count + 1 } : popup)),
  };
}

/** 'Don't show again' (不再提示): the popup's count becomes 3. */
export function dismissForGood(pending: readonly PendingPopup[], id: number): PendingPopup[] {
  return pending.map((popup) => (popup.id === id ? { ...popup, count: NOTICE_POPUP_MAX_SHOWS } : popup));
}
