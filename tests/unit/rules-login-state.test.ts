import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  LOGIN_MODES,
  NEW_USER_RED_PACKET_DELAY_MS,
  PASSWORD_CAPTCHA_REQUIRED_MSG,
  isLoggedIn,
  isLoginMode,
  newUserRedPacketDelayMs,
  passwordCaptchaRequired,
  smsResendRemaining,
  type LoginMode,
} from '~/platform/rules/login-state';
import type { LoginMode as StoreLoginMode } from '~/platform/stores/ui';

/** 2025-06-15 12:00:00 Shanghai, in ms and in s. */
const NOW_MS = Date.parse('2025-06-15T12:00:00+08:00');
const NOW_S = NOW_MS / 1000;

describe('login state (spec §4: logged in if the token exists and is unexpired; expires_time in seconds)', () => {
  it.each([
    ['no token', null, false],
    ['empty token', { token: '', expires_time: NOW_S + 3600 }, false],
    ['expires in an hour', { token: 'abc', expires_time: NOW_S + 3600 }, true],
    ['expires in a second', { token: 'abc', expires_time: NOW_S + 1 }, true],
    ['expires this very second', { token: 'abc', expires_time: NOW_S }, false],
    ['expired an hour ago', { token: 'abc', expires_time: NOW_S - 3600 }, false],
    ['expiry not a number', { token: 'abc', expires_time: Number.NaN }, false],
  ])('%s: logged in %s', (_name, token, loggedIn) => {
    expect(isLoggedIn(token, NOW_MS)).toBe(loggedIn);
  });

  it('a token valid until 12:00:01 is out at 12:00:01.000 but in at 12:00:00.999', () => {
    const token = { token: 'abc', expires_time: NOW_S + 1 };
    expect(isLoggedIn(token, NOW_MS + 999)).toBe(true);
    expect(isLoggedIn(token, NOW_MS + 1000)).toBe(false);
  });
});

describe('login modes (spec §4: scan, phone, username, register)', () => {
  it('are the four of the spec, and the same type as the modal store', () => {
    expect(LOGIN_MODES).toEqual(['scan', 'phone', 'username', 'register']);
    expectTypeOf<LoginMode>().toEqualTypeOf<StoreLoginMode>();
  });

  it.each([
    ['scan', true],
    ['phone', true],
    ['username', true],
    ['register', true],
    ['wechat', false],
    ['', false],
    ['SCAN', false],
    [undefined, false],
    [1, false],
  ])('%j is a login mode: %s', (value, is) => {
    expect(isLoginMode(value)).toBe(is);
  });
});

describe('new-user red envelope (spec §4: popup 0.8 s after login)', () => {
  it('a new user gets it after 800 ms; others get none', () => {
    expect(NEW_USER_RED_PACKET_DELAY_MS).toBe(800);
    expect(newUserRedPacketDelayMs(true)).toBe(800);
    expect(newUserRedPacketDelayMs(false)).toBeNull();
  });
});

describe('SMS resend countdown (spec §5/§9: 60 s, from the stored send time so it survives a reload)', () => {
  it.each([
    [0, 60],
    [1, 60],
    [999, 60],
    [1_000, 59],
    [30_000, 30],
    [58_999, 2],
    [59_000, 1],
    [59_999, 1],
    [60_000, 0],
    [60_001, 0],
    [3_600_000, 0],
    [-10_000, 60], // sent "in the future" (the clock was set back): clamped to 60
  ])('%i ms after sending: %i s left', (elapsed, left) => {
    expect(smsResendRemaining(NOW_MS - elapsed, NOW_MS)).toBe(left);
  });

  it('nothing stored (or a corrupt value) means no countdown', () => {
    expect(smsResendRemaining(null, NOW_MS)).toBe(0);
    expect(smsResendRemaining(Number.NaN, NOW_MS)).toBe(0);
  });

  it('a reload 25 s after sending resumes at 35 s', () => {
    const sentAt = NOW_MS;
    expect(smsResendRemaining(sentAt, NOW_MS + 25_000)).toBe(35);
  });

  it('refuses a current time that is not a number', () => {
    expect(() => smsResendRemaining(NOW_MS, Number.NaN)).toThrow(RangeError);
  });
});

describe('password captcha (spec §5: after more than 3 wrong passwords the server returns -410)', () => {
  it.each([
    [0, false],
    [1, false],
    [3, false],
    [4, true],
    [10, true],
  ])('%i wrong passwords: captcha required %s', (failed, required) => {
    expect(passwordCaptchaRequired(failed)).toBe(required);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s wrong passwords', (failed) => {
    expect(() => passwordCaptchaRequired(failed)).toThrow(RangeError);
  });

  it('the -410 toast is 密码错误超过3次，请验证 (spec §8, full-width comma)', () => {
    expect(PASSWORD_CAPTCHA_REQUIRED_MSG).toBe('密码错误超过3次，请验证');
  });
});
