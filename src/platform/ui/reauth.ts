/**
 * The browser's half of the re-authentication window (docs/decisions.md "Re-authentication
 * window"): a change the server refuses with 403 code CODE_REAUTH_REQUIRED opens the 验证身份
 * dialog (the account feature's VerifyIdentityModal, through the modal store) and, once the user
 * has proved it, is tried once more. Any feature's island wraps its call in `withIdentity`.
 */
import { isApiError } from '~/platform/client/errors';
import { CODE_REAUTH_REQUIRED } from '~/platform/config/constants';
import { $modal, openModal } from '~/platform/stores/ui';

/** Whether a failure is the server asking for a recent proof of identity. */
export function isReauthRequired(error: unknown): boolean {
  return isApiError(error) && error.code === CODE_REAUTH_REQUIRED;
}

/** What the dialog is handed: it calls it with true once the identity is proved, then closes. */
export type IdentitySettled = (proved: boolean) => void;

/**
 * Opens the 验证身份 dialog; resolves when it goes (proved, 取消, the mask, another modal taking
 * its place): true when the identity was proved first.
 */
export function askIdentity(): Promise<boolean> {
  return new Promise((resolve) => {
    let proved = false;
    const onSettled: IdentitySettled = (ok) => {
      proved = proved || ok;
    };
    openModal('verifyIdentity', { onSettled });
    const opened = $modal.get();
    const stop = $modal.listen((current) => {
      if (current === opened) return;
      stop();
      resolve(proved);
    });
  });
}

/**
 * Runs `action`; on CODE_REAUTH_REQUIRED asks for the identity and runs it once more. A dialog
 * closed without a proof rethrows the refusal, so the caller's failure path runs as for any refusal.
 */
export async function withIdentity<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!isReauthRequired(error)) throw error;
    if (!(await askIdentity())) throw error;
    return action();
  }
}
