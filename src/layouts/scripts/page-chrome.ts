/**
 * What every page runs once its HTML is parsed (no framework until it is needed):
 * - the header's sign-in buttons and user menu (header-auth.ts);
 * - the plain-HTML openers of the other modals (modal-openers.ts: 联系我们, 投诉建议, 哈夫币说明);
 * - toasts, notifications and modals: React mounts them the first time a store asks for one, or
 *   as soon as the visitor reaches for 登录/注册 so the dialog opens without a wait;
 * - tracking (channels, activity reports, the spec §2 click tracker: features/analytics/ui/tracking.ts), a lazy chunk;
 * - for a signed-in visitor only, the notification poll and popups (notification-chrome.ts).
 * <html data-chrome-ready> tells tests (and nothing else) that the header answers clicks.
 */
import { runsAdCheck, runsNoticeCheck } from '~/features/campaigns/rules/popup-triggers';
import { $modal, $notices, $toasts, closeModal } from '~/platform/stores/ui';
import { installHeaderAuth, installSignInButtons } from '~/layouts/scripts/header-auth';
import { enterRoute } from '~/layouts/scripts/route-history';
import { installModalOpeners } from '~/layouts/scripts/modal-openers';
import { installChatOpener } from '~/features/chat/ui/chat-opener';
import { watchNotificationPopups } from '~/features/notifications/ui/notification-chrome';

let overlays: Promise<void> | null = null;

/** Loads and mounts the overlay root once; a failed load (offline) is tried again on the next ask. */
function mountOverlays(): Promise<void> {
  overlays ??= import('~/layouts/overlay/OverlayRoot')
    .then(({ mountOverlays: mount }) => {
      const container = document.createElement('div');
      container.id = 'overlay-root';
      document.body.append(container);
      mount(container);
    })
    .catch((error: unknown) => {
      console.error(error);
      overlays = null;
      // A modal that cannot load closes, so the next click can ask again.
      closeModal();
    });
  return overlays;
}

const wanted = (): boolean => $modal.get() !== null || $toasts.get().length > 0 || $notices.get().length > 0;

export function startPageChrome(): void {
  const header = document.querySelector<HTMLElement>('[data-header-auth]');
  if (header) installHeaderAuth(header);
  installSignInButtons(document);
  installModalOpeners(document);
  installChatOpener(document);

  const onAsk = (): void => {
    if (wanted()) void mountOverlays();
  };
  $modal.listen(onAsk);
  $toasts.listen(onAsk);
  $notices.listen(onAsk);
  onAsk();
  // Intent to sign in: fetch the dialog's code while the pointer travels or the finger lands.
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(type, (event) => {
      if ((event.target as Element | null)?.closest?.('[data-open-login],[data-open-modal]')) void mountOverlays();
    }, { passive: true });
  }

  // Fetched at once (channel parameters are kept early, spec §7 start-up) but outside first-load JS.
  void import('~/features/analytics/ui/tracking').then((tracking) => tracking.startTracking(), (error: unknown) => console.error(error));
  // Signed in only: the 15 s notification poll and its popups, loaded on demand.
  watchNotificationPopups();

  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  // spec §2 routing rules: the emergency notice and ad popup checks; their code loads only when one runs.
  const route = document.documentElement.dataset.route ?? '';
  const previous = enterRoute(route);
  if (runsNoticeCheck(previous, route) || runsAdCheck(previous, route)) {
    idle(() => void import('~/features/campaigns/ui/popup-checks').then((checks) => checks.runPopupChecks(previous, route)).catch(console.error));
  }
  document.documentElement.setAttribute('data-chrome-ready', '');
}
