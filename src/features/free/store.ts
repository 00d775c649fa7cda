/**
 * The signed-in user's free rentals left today (spec §7 free "free count"), shared by /free's
 * FreeCount island, which shows it, and the 免费玩 buttons, which change it: a free order reloads
 * it, so the count on the page goes down without a reload. The count is the user's own and the
 * page HTML is the same for everyone, so it is only ever loaded in the browser.
 */
import { atom } from 'nanostores';
import { isApiError } from '~/platform/client/errors';
import { getFreeCount, type FreeCountAnswer } from '~/features/free/client';

export type FreeCountState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; count: FreeCountAnswer };

export const $freeCount = atom<FreeCountState>({ kind: 'idle' });

let inFlight: AbortController | null = null;

/** Loads the count (a newer call wins over one still running); a shown count stays until the new one arrives. */
export async function loadFreeCount(): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  if ($freeCount.get().kind !== 'ready') $freeCount.set({ kind: 'loading' });
  try {
    const count = await getFreeCount({ signal: controller.signal });
    if (inFlight === controller) $freeCount.set({ kind: 'ready', count });
  } catch (error) {
    // The client has shown why; a cancelled call was replaced by a newer one or by sign-out.
    if (inFlight === controller && !(isApiError(error) && error.cancelled)) $freeCount.set({ kind: 'failed' });
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** Signed out: nobody's count is shown, and a call still running is dropped. */
export function clearFreeCount(): void {
  inFlight?.abort();
  inFlight = null;
  $freeCount.set({ kind: 'idle' });
}
