import { describe, expect, it } from 'vitest';
import {
  APP_QR_STATUSES,
  QR_INIT_FAILED_MSG,
  QR_STATES,
  appQrState,
  isQrExpired,
  isTerminalQrState,
  qqQrState,
  qrPollIntervalMs,
  qrStateAt,
  shouldRenewQr,
  wechatQrState,
  type QrState,
} from '~/features/sign-in/rules/qr-login';

describe('QR login states (spec §4: waiting, scanned, granting, logined, cancelled, expired, error)', () => {
  it('are exactly the seven of the spec', () => {
    expect(QR_STATES).toEqual(['waiting', 'scanned', 'granting', 'logined', 'cancelled', 'expired', 'error']);
  });
});

describe('WeChat status (spec §4: pending → waiting, success → logined, cancelled → cancelled, other → error)', () => {
  it.each([
    ['pending', 'waiting'],
    ['success', 'logined'],
    ['cancelled', 'cancelled'],
    ['expired', 'error'],
    ['scanned', 'error'],
    ['fail', 'error'],
    ['', 'error'],
    ['PENDING', 'error'],
    ['constructor', 'error'],
    ['__proto__', 'error'],
  ])('%j → %s', (status, state) => {
    expect(wechatQrState(status)).toBe(state);
  });
});

describe('QQ numeric state (spec §4: 0 logined, 1 waiting, 2 scanned, 3 cancelled, 4 granting, 5 expired, 6 error)', () => {
  it.each([
    [0, 'logined'],
    [1, 'waiting'],
    [2, 'scanned'],
    [3, 'cancelled'],
    [4, 'granting'],
    [5, 'expired'],
    [6, 'error'],
    [7, 'error'],
    [-1, 'error'],
    [1.5, 'error'],
    [Number.NaN, 'error'],
    [Number.POSITIVE_INFINITY, 'error'],
  ])('%s → %s', (code, state) => {
    expect(qqQrState(code)).toBe(state);
  });
});

describe('app status (spec §4: confirmed, expired, cancelled, error; ours: pending → waiting, scanned → scanned)', () => {
  it.each([
    ['confirmed', 'logined'],
    ['expired', 'expired'],
    ['cancelled', 'cancelled'],
    ['error', 'error'],
    ['pending', 'waiting'],
    ['scanned', 'scanned'],
    ['success', 'error'],
    ['', 'error'],
    ['CONFIRMED', 'error'],
    ['toString', 'error'],
  ])('%j → %s', (status, state) => {
    expect(appQrState(status)).toBe(state);
  });

  it('each status our server sends has its own state (APP_QR_STATUSES)', () => {
    const states = APP_QR_STATUSES.map(appQrState);
    expect(states).toEqual(['waiting', 'scanned', 'logined', 'expired', 'cancelled', 'error']);
  });
});

describe('QR poll interval (spec §9: 500 ms WeChat and QQ, 2000 ms app)', () => {
  it.each([
    ['wechat', 500],
    ['qq', 500],
    ['app', 2000],
  ] as const)('%s polls every %i ms', (platform, ms) => {
    expect(qrPollIntervalMs(platform)).toBe(ms);
  });

  it('refuses an unknown platform', () => {
    expect(() => qrPollIntervalMs('weibo' as never)).toThrow(RangeError);
  });
});

describe('QR lifetime (spec §4/§9: a code lives 60 s)', () => {
  const created = 1_750_000_000_000;
  it.each([
    [0, false],
    [59_999, false],
    [60_000, true],
    [60_001, true],
    [600_000, true],
    [-5_000, false], // the clock went back: not expired (the server keeps its own 60 s)
  ])('%i ms after creation: expired %s', (age, expired) => {
    expect(isQrExpired(created, created + age)).toBe(expired);
  });

  it('refuses a time that is not a number', () => {
    expect(() => isQrExpired(Number.NaN, created)).toThrow(RangeError);
    expect(() => isQrExpired(created, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it.each([
    ['waiting', 60_000, 'expired'],
    ['scanned', 60_000, 'expired'],
    ['granting', 60_000, 'expired'],
    ['waiting', 59_999, 'waiting'],
    ['scanned', 30_000, 'scanned'],
    ['logined', 90_000, 'logined'],
    ['cancelled', 90_000, 'cancelled'],
    ['error', 90_000, 'error'],
    ['expired', 10_000, 'expired'],
  ] as const)('a %s code %i ms old reads %s (WeChat never reports expiry itself)', (state, age, shown) => {
    expect(qrStateAt(state, created, created + age)).toBe(shown);
  });
});

describe('terminal and renewal (spec §4: "On expiry a new code is fetched")', () => {
  it.each([
    ['waiting', false, false],
    ['scanned', false, false],
    ['granting', false, false],
    ['logined', true, false],
    ['cancelled', true, false],
    ['expired', true, true],
    ['error', true, false],
  ] as const)('%s: polling stops %s, a new code is fetched %s', (state: QrState, terminal, renew) => {
    expect(isTerminalQrState(state)).toBe(terminal);
    expect(shouldRenewQr(state)).toBe(renew);
  });

  it('an initialisation failure shows 扫码登录初始化失败 (spec §8) and the error state does not renew by itself', () => {
    expect(QR_INIT_FAILED_MSG).toBe('扫码登录初始化失败');
    expect(shouldRenewQr('error')).toBe(false);
  });
});
