/**
 * What every page runs once its HTML is parsed (issue 12: no framework until it is needed):
 * - the header's sign-in buttons and user menu (header-auth.ts);
 * - toasts, notifications and modals: React mounts them the first time a store asks for one, or
 *   as soon as the visitor reaches for 登录/注册 so the dialog opens without a wait;
 * - the spec §2 click tracker, on idle;
 * - for a signed-in visitor only, the notification poll and popups (notification-chrome.ts).
 * <html data-chrome-ready> tells tests (and nothing else) that the header answers clicks.
 */
import { installClickTracking } from '../lib/click-tracker';
import { $modal, $notices, $toasts, closeModal } from '../lib/stores/ui';
import { installHeaderAuth, installSignInButtons } from './header-auth';
import { watchNotificationPopups } from './notification-chrome';

let overlays: Promise<void> | null = null;

/** Loads and mounts the overlay root once; a failed load (offline) is tried again on the next ask. */
function mountOverlays(): Promise<void> {
  overlays ??= import('../islands/OverlayRoot')
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
      if ((event.target as Element | null)?.closest?.('[data-open-login]')) void mountOverlays();
    }, { passive: true });
  }

  // Signed in only: the 15 s notification poll and its popups, loaded on demand.
  watchNotificationPopups();

  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  idle(() => installClickTracking(document));
  document.documentElement.setAttribute('data-chrome-ready', '');
}
