import { persistentAtom } from '@nanostores/persistent';
import { atom, computed, type WritableAtom } from 'nanostores';
import { isLoggedIn } from '~/platform/rules/login-state';

/** Spec §3 token info: expires_time is in seconds since the epoch. */
export interface TokenInfo {
  token: string;
  expires_time: number;
}

export interface UserInfo {
  id: number;
  username: string;
  nickname?: string;

  /** null before one is set (the server's UserInfo). */
  avatar?: string | null;
  mobile?: string | null;
  [field: string]: unknown;
}

export interface AuthState {
  token: TokenInfo | null;
  user: UserInfo | null;
}

export const AUTH_STORAGE_KEY = 'auth';

const SIGNED_OUT: AuthState = Object.freeze({ token: null, user: null });

/** Reads what any version of this store wrote under `localStorage.auth`; anything else is signed out. */
function decodeAuth(saved: string): AuthState {
  try {
    const value: unknown = JSON.parse(saved);
    if (typeof value !== 'object' || value === null) return SIGNED_OUT;
    const { token = null, user = null } = value as Partial<AuthState>;
    const tokenOk = token === null || (typeof token?.token === 'string' && typeof token.expires_time === 'number');
    const userOk = user === null || typeof user === 'object';
    return tokenOk && userOk ? { token, user } : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

/** Signed out leaves no key behind (undefined removes it), so no stale profile sits in storage. */
function encodeAuth(state: AuthState): string | undefined {
  return state.token === null && state.user === null ? undefined : JSON.stringify(state);
}

/** Whether this is a browser tab with a usable localStorage (privacy modes may throw on access). */
function hasBrowserStorage(): boolean {
  try {
    return typeof window !== 'undefined' && typeof localStorage !== 'undefined';
  } catch {
    return false;
  }
}

/**
 * The session of this browser, kept in `localStorage.auth` (same key and JSON shape as before).
 * @nanostores/persistent listens to the `storage` event while the store is mounted (every page's
 * header subscribes), so signing in or out in one tab reaches every open tab at once instead of
 * at that tab's next 401. It also re-reads storage on mount and on `pageshow` (back/forward cache).
 * Without a browser (server render, node tests) it is a plain atom: the library's fallback is one
 * object shared by the whole process, which would outlive module reloads and mix requests.
 */
export const $auth: WritableAtom<AuthState> = hasBrowserStorage()
  ? persistentAtom<AuthState>(AUTH_STORAGE_KEY, SIGNED_OUT, { encode: encodeAuth, decode: decodeAuth })
  : atom<AuthState>(SIGNED_OUT);

export const $isLoggedIn = computed($auth, (auth) => isLoggedIn(auth.token, Date.now()));

export function currentToken(): string | null {
  const { token } = $auth.get();
  return token && isLoggedIn(token, Date.now()) ? token.token : null;
}

export function setLogin(token: TokenInfo, user: UserInfo | null = null): void {
  $auth.set({ token, user });
}

export function setUser(user: UserInfo | null): void {
  $auth.set({ ...$auth.get(), user });
}

export function logout(): void {
  $auth.set({ token: null, user: null });
}

/**
 * Sign out: this browser's session ends at once; the request asking the server to revoke the
 * token loads the API client only now (platform/client/revoke.ts).
 */
export function signOut(): void {
  const token = currentToken();
  logout();
  if (token) void import('~/platform/client/revoke').then(({ revokeOnServer }) => revokeOnServer(token));
}
