/**
 * What every page runs once its HTML is parsed (no framework until it is needed):
 * - the header's sign-in buttons and user menu (header-auth.ts);
 * - the plain-HTML openers of the other modals (modal-openers.ts: 联系我们, 投诉建议, 哈夫币说明);
 * - the login dialog: plain script (features/sign-in/ui/plain, issue 27), fetched as soon as the
 *   visitor reaches for 登录/注册 or a store asks for it, so a phone gets the form without React;
 * - toasts, notifications and the other modals: React mounts them the first time a store asks
 *   for one, or as soon as the visitor reaches for a modal opener;
 * - tracking (channels, activity reports, the spec §2 click tracker: features/analytics/ui/tracking.ts), a lazy chunk;
 * - for a signed-in visitor only, the notification poll and popups (notification-chrome.ts).
 * <html data-chrome-ready> tells tests (and nothing else) that the header answers clicks.
 */
import { popupChecksFor } from '~/features/campaigns/rules/popup-triggers';
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

let loginDialog: Promise<void> | null = null;

/** Loads and installs the plain login dialog once; a failed load is tried again on the next ask. */
function installLogin(): Promise<void> {
  loginDialog ??= import('~/features/sign-in/ui/plain/login-dialog')
    .then(({ installLoginDialog }) => void installLoginDialog())
    .catch((error: unknown) => {
      console.error(error);
      loginDialog = null;
      closeModal();
    });
  return loginDialog;
}

/** The login dialog is not React's (ModalHost leaves it to installLogin). */
const isLogin = (): boolean => $modal.get()?.name === 'login';
const wanted = (): boolean => ($modal.get() !== null && !isLogin()) || $toasts.get().length > 0 || $notices.get().length > 0;

export function startPageChrome(): void {
  const header = document.querySelector<HTMLElement>('[data-header-auth]');
  if (header) installHeaderAuth(header);
  installSignInButtons(document);
  installModalOpeners(document);
  installChatOpener(document);

  const onAsk = (): void => {
    if (isLogin()) void installLogin();
    if (wanted()) void mountOverlays();
  };
  $modal.listen(onAsk);
  $toasts.listen(onAsk);
  $notices.listen(onAsk);
  onAsk();
  // A plain control whose answer is a toast (the login form's 登录): React's toaster is fetched on
  // the click, while the request runs, not after it (a toast lasts 3 s from its push).
  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.('[data-needs-toaster]')) void mountOverlays();
  }, { capture: true });
  // Intent to sign in or open a modal: fetch its code while the pointer travels or the finger lands.
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(type, (event) => {
      const target = event.target as Element | null;
      if (target?.closest?.('[data-open-login]')) void installLogin();
      else if (target?.closest?.('[data-open-modal]')) void mountOverlays();
    }, { passive: true });
  }

  // Fetched at once (channel parameters are kept early, spec §7 start-up) but outside first-load JS.
  void import('~/features/analytics/ui/tracking').then((tracking) => tracking.startTracking(), (error: unknown) => console.error(error));
  // Signed in only: the 15 s notification poll and its popups, loaded on demand.
  watchNotificationPopups();

  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  // spec §2 routing rules: the emergency notice and ad popup checks; their code (plain <dialog>s,
  // no framework: issue 27) loads only when one runs.
  const route = document.documentElement.dataset.route ?? '';
  const previous = enterRoute(route);
  if (popupChecksFor(previous, route).length > 0) {
    idle(() => void import('~/features/campaigns/ui/popup-checks').then((checks) => checks.runPopupChecks(previous, route)).catch(console.error));
  }
  document.documentElement.setAttribute('data-chrome-ready', '');
}
