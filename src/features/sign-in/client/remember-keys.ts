/**
 * The storage side of remember me that needs no cipher (remember-login.ts holds the AES part):
 * whether a record exists, and forgetting it. The login form reads these on every open.
 */
export const REMEMBERED_LOGIN_KEY = 'rememberedLogin';
export const REMEMBER_KEY_STORAGE_KEY = 'rememberedLoginKey';

/** localStorage, or null where storage is blocked (privacy mode): remember me is simply off. */
export function rememberStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function hasRememberedLogin(): boolean {
  return Boolean(rememberStorage()?.getItem(REMEMBERED_LOGIN_KEY));
}

export function forgetLogin(): void {
  rememberStorage()?.removeItem(REMEMBERED_LOGIN_KEY);
}
