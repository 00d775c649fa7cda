/**
 * Login state and sign-in timings, spec §4 (login modes, login state) with §5 and §9:
 * - Logged in if the token exists and is unexpired (`expires_time` is in seconds, spec §3).
 * - Login modes scan, phone, username, register; the modal opens with the requested one.
 * - A new user gets the red-envelope popup 0.8 s after login.
 * - SMS resend countdown 60 s, computed from the stored send time so it survives a reload.
 * - After more than 3 wrong passwords the server returns -410 and a captcha is required.
 */
import {
  NEW_USER_RED_PACKET_DELAY_MS,
  PASSWORD_FAILURES_BEFORE_CAPTCHA,
  SMS_RESEND_S,
} from '~/platform/config/constants';

export { NEW_USER_RED_PACKET_DELAY_MS };

/** Spec §3 token info (the same shape as the auth store's TokenInfo). */
export interface LoginToken {
  token: string;
  /** Seconds since the epoch. */
  expires_time: number;
}

/** spec §8: the toast on -410 (more than 3 wrong passwords). */
export const PASSWORD_CAPTCHA_REQUIRED_MSG = '密码错误超过3次，请验证';

export const LOGIN_MODES = ['scan', 'phone', 'username', 'register'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

/**
 * spec §4: logged in when a non-empty token exists and expires_time (seconds) is still ahead of
 * now; at the expiry second itself the token is expired. A missing or non-numeric expiry is out.
 */
export function isLoggedIn(token: LoginToken | null, nowMs: number): boolean {
  if (token === null || typeof token.token !== 'string' || token.token === '') return false;
  return Number.isFinite(token.expires_time) && token.expires_time * 1000 > nowMs;
}

/** Whether a requested mode (from a link, a prop or storage) is one of the four login modes. */
export function isLoginMode(value: unknown): value is LoginMode {
  return typeof value === 'string' && (LOGIN_MODES as readonly string[]).includes(value);
}

/** spec §4: a new user's red-envelope popup opens 0.8 s after login; others get none (null). */
export function newUserRedPacketDelayMs(isNewUser: boolean): number | null {
  return isNewUser ? NEW_USER_RED_PACKET_DELAY_MS : null;
}

/**
 * spec §5/§9: whole seconds left of the 60 s SMS resend countdown, rounded up (60 right after
 * sending, 1 in the last second, 0 when the button may send again). It is computed from the
 * stored send time, so a reload resumes it. No stored time (null, NaN) means no countdown; a send
 * time in the future (the clock was set back) is clamped to 60.
 */
export function smsResendRemaining(sentAtMs: number | null, nowMs: number): number {
  if (!Number.isFinite(nowMs)) throw new RangeError(`当前时间无效: ${nowMs}`);
  if (sentAtMs === null || !Number.isFinite(sentAtMs)) return 0;
  const leftMs = sentAtMs + SMS_RESEND_S * 1000 - nowMs;
  return Math.min(SMS_RESEND_S, Math.max(0, Math.ceil(leftMs / 1000)));
}

/**
 * spec §5: after MORE than 3 wrong passwords (so from the 4th on) the server answers -410 and a
 * captcha is required from then on.
 */
export function passwordCaptchaRequired(failedAttempts: number): boolean {
  if (!Number.isSafeInteger(failedAttempts) || failedAttempts < 0) {
    throw new RangeError(`密码错误次数无效: ${failedAttempts}`);
  }
  return failedAttempts > PASSWORD_FAILURES_BEFORE_CAPTCHA;
}
