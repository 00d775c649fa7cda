import { atom, computed } from 'nanostores';
import { persistAtom } from './persist';

/** Spec §3 token info: expires_time is in seconds since the epoch. */
export interface TokenInfo {
  token: string;
  expires_time: number;
}

export interface UserInfo {
  id: number;
  username: string;
  nickname?: string;
  avatar?: string;
  mobile?: string | null;
  [field: string]: unknown;
}

export interface AuthState {
  token: TokenInfo | null;
  user: UserInfo | null;
}

export const AUTH_STORAGE_KEY = 'auth';

export const $auth = atom<AuthState>({ token: null, user: null });
persistAtom($auth, AUTH_STORAGE_KEY);

/** Spec §4: logged in if the token exists and is unexpired. */
export function isTokenValid(token: TokenInfo | null, nowMs: number = Date.now()): boolean {
  return token !== null && token.token !== '' && token.expires_time * 1000 > nowMs;
}

export const $isLoggedIn = computed($auth, (auth) => isTokenValid(auth.token));

export function currentToken(): string | null {
  const { token } = $auth.get();
  return isTokenValid(token) ? token!.token : null;
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
