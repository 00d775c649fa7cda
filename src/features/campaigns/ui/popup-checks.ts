/**
 * The spec §2 popup checks of one page entry, loaded on demand by page-chrome.ts only when the
 * routing rule says a check runs (so other pages never fetch this code):
 * - the emergency notice check (spec §4 "Notice popups"): today's notices merged with pendingPopups;
 * - the ad popup check (spec §4 "Ad popup choice"), with the list kept in pendingAdList and fetched
 *   again when it is 10 minutes old (spec §7) or from another day.
 * Each opens its modal through $modal; the page chrome mounts the modal code only then. When both
 * have something to show (home), the notice goes first and the ad waits until it is closed.
 */
import { AD_DEVICE_CODE, AD_LIST_REFRESH_MS } from '~/features/campaigns/constants';
import type { EmergencyNotice } from '~/features/campaigns/contract/popups';
import { POPUP_ROUTES } from '~/features/campaigns/routes';
import { callPublic } from '~/platform/client/public-get';
import { chooseAd, resetForNewDay, withAdList } from '~/features/campaigns/rules/ad-choice';
import { chooseNoticePopup } from '~/features/campaigns/rules/notice-popups';
import { isSpecialOfferRoute, runsAdCheck, runsNoticeCheck } from '~/features/campaigns/rules/popup-triggers';
import { loadAdState, loadPendingPopups, saveAdState, savePendingPopups } from '~/features/campaigns/store';
import { $modal, openModal, type ModalName } from '~/platform/stores/ui';

/** Opens a modal now, or once whatever modal is open has closed. */
function showWhenFree(name: ModalName, props: Record<string, unknown>): void {
  if ($modal.get() === null) {
    openModal(name, props);
    return;
  }
  const stop = $modal.listen((current) => {
    if (current !== null) return;
    stop();
    // Let the closing modal finish its own store updates first.
    queueMicrotask(() => showWhenFree(name, props));
  });
}

async function noticeCheck(): Promise<void> {
  let today: EmergencyNotice[] = [];
  try {
    today = await callPublic(POPUP_ROUTES.emergencyNotices, {});
  } catch {
    // Offline or failing: the pending ones may still show (spec: merged with pending ones).
  }
  const { popup, pending } = chooseNoticePopup(today, loadPendingPopups());
  savePendingPopups(pending);
  if (popup) showWhenFree('emergencyNotice', { notice: popup });
}

async function adCheck(onSpecialOfferPage: boolean): Promise<void> {
  let state = resetForNewDay(loadAdState(), new Date());
  const fetchedAt = state.pendingAdList?.fetchedAt ?? 0;
  if (state.pendingAdList === null || Date.now() - fetchedAt >= AD_LIST_REFRESH_MS || Date.now() < fetchedAt) {
    try {
      state = withAdList(state, await callPublic(POPUP_ROUTES.ads, { device: AD_DEVICE_CODE }), new Date());
    } catch {
      if (state.pendingAdList === null) return;
    }
  }
  const { ad, state: next } = chooseAd({ ads: state.pendingAdList?.list ?? [], state, now: new Date(), random: Math.random, onSpecialOfferPage });
  saveAdState(next);
  if (ad) showWhenFree('adPopup', { ad });
}

/** Runs the checks the spec §2 routing rules give for entering `current` from `previous`. */
export async function runPopupChecks(previous: string | null, current: string): Promise<void> {
  const notice = runsNoticeCheck(previous, current) ? noticeCheck() : Promise.resolve();
  // The notice is decided first so that, on home, it is the one shown first.
  await notice;
  if (runsAdCheck(previous, current)) await adCheck(isSpecialOfferRoute(current));
}
