/** A form's submit action and its spec §8 failure toasts; plain, so forms without React share it. */
import { isApiError } from '~/platform/client/errors';
import { FINGERPRINT_FAILED_MSG } from '~/platform/client/fingerprint';
import { showError } from '~/platform/stores/ui';

/**
 * Runs a form action. An ApiError has already been shown by the client (spec §8), so it is only
 * swallowed; a fingerprint failure shows 获取浏览器指纹失败; anything else shows `failMsg`.
 */
export async function runAction(action: () => Promise<void>, failMsg: string): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (isApiError(error)) return;
    console.error(error);
    showError(error instanceof Error && error.message === FINGERPRINT_FAILED_MSG ? FINGERPRINT_FAILED_MSG : failMsg);
  }
}
