/**
 * Spec §6 "the notice poll runs only when logged in": the poll and its popups
 * (features/notifications/store.ts) load the first time this tab has a signed-in visitor, so a
 * signed-out page fetches none of their code. Once loaded, that module follows sign-in and
 * sign-out by itself.
 */
import { $isLoggedIn } from '~/platform/stores/auth';

let loading: Promise<void> | null = null;

export function watchNotificationPopups(): void {
  $isLoggedIn.subscribe((signedIn) => {
    if (!signedIn || loading) return;
    loading = import('~/features/notifications/store')
      .then(({ installNotificationPopups }) => {
        installNotificationPopups();
      })
      .catch((error: unknown) => {
        console.error(error);
        loading = null; // offline: the next sign-in (or reload) tries again
      });
  });
}
