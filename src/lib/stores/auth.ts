import { atom, computed } from 'nanostores';
// A cycle (client.ts reads $auth): both sides use the other only inside functions, never at load.
import { apiPost, flushPendingAfterLogin } from '../api/client';
import { isLoggedIn, newUserRedPacketDelayMs } from '../rules/login-state';
import { persistAtom } from './persist';
import { closeModal, openModal, showSuccess } from './ui';

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

/** spec §8 success message after any sign-in. */
export const LOGIN_SUCCESS_MSG = '登录成功！';

/** What every sign-in call answers (docs/sign-in-api.md "Token answer"). */
export interface LoginAnswer {
  token: TokenInfo;
  is_new_user: boolean;
  user: UserInfo | null;
}

/**
 * After any successful sign-in (password, SMS, register, QR, bind): keep the session, say so,
 * close the login modal, re-run the request a 401 parked (spec §4/§8) and, for a new account, open
 * the red-envelope popup 0.8 s later (spec §4).
 */
export function completeLogin(answer: LoginAnswer): void {
  setLogin(answer.token, answer.user);
  showSuccess(LOGIN_SUCCESS_MSG);
  closeModal();
  flushPendingAfterLogin();
  // spec §4 "logging in also loads the available red envelopes": the red-envelope issue adds it.
  const delay = newUserRedPacketDelayMs(answer.is_new_user);
  if (delay !== null) setTimeout(() => openModal('redPacket'), delay);
}

/**
 * Sign out (spec §7 "POST logout"): the session ends here at once, and the server is told to
 * revoke the token. The local state goes first, so a 401 from an already-dead token is silent
 * (the client only reacts to a 401 while a user is present) and a network failure still signs
 * the visitor out of this browser.
 */
export async function signOut(): Promise<void> {
  const token = currentToken();
  logout();
  if (!token) return;
  await apiPost('/common/logout', {}, { tempToken: token }).catch(() => undefined);
}
