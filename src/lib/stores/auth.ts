import { atom, computed } from 'nanostores';
import { isLoggedIn } from '../rules/login-state';
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
 * token loads the API client only now (stores/session.ts).
 */
export function signOut(): void {
  const token = currentToken();
  logout();
  if (token) void import('./session').then(({ revokeOnServer }) => revokeOnServer(token));
}
