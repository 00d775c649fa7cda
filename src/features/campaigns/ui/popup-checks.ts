/**
 * The spec §2 popup checks of one page entry, loaded on demand by page-chrome.ts only when the
 * routing rule says a check runs (so other pages never fetch this code):
 * - the emergency notice check (spec §4 "Notice popups"): today's notices merged with pendingPopups;
 * - the ad popup check (spec §4 "Ad popup choice", ad-popup.ts).
 * They run in popupChecksFor's order and stop at the first popup shown (issue 27: one popup per
 * page view). The popups are plain `<dialog>`s (notice-popup.ts, ad-popup.ts): no framework on a
 * first visit, and the ad's code loads only when its check runs.
 */
import type { EmergencyNotice } from '~/features/campaigns/contract/popups';
import { POPUP_ROUTES } from '~/features/campaigns/routes';
import { callPublic } from '~/platform/client/public-get';
import { chooseNoticePopup } from '~/features/campaigns/rules/notice-popups';
import { popupChecksFor, POPUPS_PER_PAGE_VIEW_MAX, type PopupCheck } from '~/features/campaigns/rules/popup-triggers';
import { loadPendingPopups, savePendingPopups } from '~/features/campaigns/store';
import { showNoticeDialog } from '~/features/campaigns/ui/notice-popup';

/** Runs the notice check; answers whether it showed a notice. */
async function noticeCheck(): Promise<boolean> {
  let today: EmergencyNotice[] = [];
  try {
    today = await callPublic(POPUP_ROUTES.emergencyNotices, {});
  } catch {
    // Offline or failing: the pending ones may still show (spec: merged with pending ones).
  }
  const { popup, pending } = chooseNoticePopup(today, loadPendingPopups());
  savePendingPopups(pending);
  if (!popup) return false;
  void showNoticeDialog(popup);
  return true;
}

const RUN: Readonly<Record<PopupCheck, (current: string) => Promise<boolean>>> = {
  notice: noticeCheck,
  // Its own chunk: a page view that showed the notice never fetches the ad rules and dialog.
  ad: (current) => import('~/features/campaigns/ui/ad-popup').then(({ runAdCheck }) => runAdCheck(current)),
};

/** Runs the checks the spec §2 routing rules give for entering `current` from `previous`. */
export async function runPopupChecks(previous: string | null, current: string): Promise<void> {
  let shown = 0;
  for (const check of popupChecksFor(previous, current)) {
    if (shown >= POPUPS_PER_PAGE_VIEW_MAX) return;
    if (await RUN[check](current)) shown += 1;
  }
}
