/**
 * Starting and ending a session: what every way of signing in does once the server has answered,
 * and signing out. Apart from the auth store because these need the API client, and the store is
 * on every page (the header reads it) while these load with the login modal or on sign-out.
 */
import { flushPendingAfterLogin } from '~/platform/client/client';
import { newUserRedPacketDelayMs } from '~/platform/rules/login-state';
import { setLogin, type TokenInfo, type UserInfo } from '~/platform/stores/auth';
import { loadRedPackets } from '~/features/wallet/red-packets-store';
import { closeModal, openModal, showSuccess } from '~/platform/stores/ui';

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
  // spec §4 "logging in also loads the available red envelopes" (a failure toasts 获取红包列表失败).
  void loadRedPackets();
  // spec §7 upload-convert-data: a new account from a channel is a conversion (sent only if it came from one).
  if (answer.is_new_user) void import('~/features/analytics/tracking/conversion').then((m) => m.reportConversion(answer.token.token)).catch(() => undefined);
  const delay = newUserRedPacketDelayMs(answer.is_new_user);
  if (delay !== null) setTimeout(() => openModal('redPacket', { newUser: true }), delay);
}

