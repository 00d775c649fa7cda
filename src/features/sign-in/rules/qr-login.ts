/**
 * QR login states, spec §4 (and §9 for the timings). One state set for the three scan ways:
 * waiting, scanned, granting, logined, cancelled, expired, error.
 * - WeChat: pending → waiting, success → logined, cancelled → cancelled, anything else → error.
 * - QQ (numeric): 0 logined, 1 waiting, 2 scanned, 3 cancelled, 4 granting, 5 expired, 6 error;
 *   any other value → error.
 * - Own app: confirmed → logined, expired, cancelled, error as named. The spec lists only those
 *   four; the app's two in-between statuses are ours: `pending` (nobody has scanned yet) → waiting
 *   and `scanned` (scanned, not yet confirmed on the phone) → scanned. Any other status → error,
 *   like WeChat's "other". Our server sends exactly APP_QR_STATUSES.
 * - Polling: every 500 ms (WeChat, QQ) or 2000 ms (app). A code lives 60 s; on expiry a new code
 *   is fetched. 扫码登录初始化失败 (spec §8) puts the QR in the error state.
 * Statuses are matched exactly (case-sensitive): 'PENDING' is not 'pending'.
 */
import { QR_LIFETIME_MS, QR_POLL_APP_MS, QR_POLL_QQ_MS, QR_POLL_WECHAT_MS } from '~/features/sign-in/constants';

export const QR_STATES = ['waiting', 'scanned', 'granting', 'logined', 'cancelled', 'expired', 'error'] as const;
export type QrState = (typeof QR_STATES)[number];

export const QR_PLATFORMS = ['wechat', 'qq', 'app'] as const;
export type QrPlatform = (typeof QR_PLATFORMS)[number];

/** Statuses the WeChat official-account login reports (anything else reads as error). */
export const WECHAT_QR_STATUSES = ['pending', 'success', 'cancelled'] as const;
/** Statuses of our own app's scan login, in the order a code goes through them. */
export const APP_QR_STATUSES = ['pending', 'scanned', 'confirmed', 'expired', 'cancelled', 'error'] as const;
export type AppQrStatus = (typeof APP_QR_STATUSES)[number];

/** Spec §8: the toast when a QR code cannot be initialised; the QR state becomes error. */
export const QR_INIT_FAILED_MSG = '扫码登录初始化失败';
/** spec §8: WeChat or QQ says the code was confirmed but its status carries no token (nor a temp_token). */
export const QR_LOGIN_INFO_FAILED_MSG = '获取用户登录信息失败';
/** spec §8: the app confirmed the code but GET app login token (by qr_token) failed. */
export const QR_TOKEN_FAILED_MSG = '获取用户token失败！';
/** spec §8: the third-party authorisation came back refused; the landing page then goes home. */
export const THIRD_PARTY_LOGIN_FAILED_MSG = '第三方登录失败';

const WECHAT_STATE: Readonly<Record<string, QrState>> = { pending: 'waiting', success: 'logined', cancelled: 'cancelled' };
/** Index = QQ's numeric state. */
const QQ_STATE: readonly QrState[] = ['logined', 'waiting', 'scanned', 'cancelled', 'granting', 'expired', 'error'];
const APP_STATE: Readonly<Record<AppQrStatus, QrState>> = {
  pending: 'waiting',
  scanned: 'scanned',
  confirmed: 'logined',
  expired: 'expired',
  cancelled: 'cancelled',
  error: 'error',
};
const POLL_INTERVAL_MS: Readonly<Record<QrPlatform, number>> = {
  wechat: QR_POLL_WECHAT_MS,
  qq: QR_POLL_QQ_MS,
  app: QR_POLL_APP_MS,
};
/** States after which the current code is no longer polled. */
const TERMINAL_STATES: ReadonlySet<QrState> = new Set<QrState>(['logined', 'cancelled', 'expired', 'error']);

/** Own-key lookup, so 'constructor' or '__proto__' cannot match an inherited property. */
function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** spec §4 WeChat: pending → waiting, success → logined, cancelled → cancelled, other → error. */
export function wechatQrState(status: string): QrState {
  return lookup(WECHAT_STATE, status) ?? 'error';
}

/** spec §4 QQ: 0 logined, 1 waiting, 2 scanned, 3 cancelled, 4 granting, 5 expired, 6 error; other → error. */
export function qqQrState(code: number): QrState {
  return Number.isInteger(code) && code >= 0 && code < QQ_STATE.length ? QQ_STATE[code]! : 'error';
}

/** spec §4 app: confirmed → logined, expired, cancelled, error; ours: pending → waiting, scanned → scanned. */
export function appQrState(status: string): QrState {
  return lookup(APP_STATE, status) ?? 'error';
}

/** spec §9: poll every 500 ms (WeChat, QQ) or 2000 ms (app). */
export function qrPollIntervalMs(platform: QrPlatform): number {
  const interval = lookup(POLL_INTERVAL_MS, platform);
  if (interval === undefined) throw new RangeError(`未知的扫码平台: ${String(platform)}`);
  return interval;
}

/**
 * spec §4/§9: a code lives 60 s, so it is expired once 60 s have passed since it was created
 * (at exactly 60 000 ms it is expired). A clock that went backwards (now before created) reads as
 * not expired; the server enforces its own 60 s anyway.
 */
export function isQrExpired(createdAtMs: number, nowMs: number): boolean {
  if (!Number.isFinite(createdAtMs) || !Number.isFinite(nowMs)) {
    throw new RangeError(`二维码时间无效: ${createdAtMs}, ${nowMs}`);
  }
  return nowMs - createdAtMs >= QR_LIFETIME_MS;
}

/** Whether the current code is done with: logined, cancelled, expired or error (polling stops). */
export function isTerminalQrState(state: QrState): boolean {
  return TERMINAL_STATES.has(state);
}

/**
 * The state to show once the 60 s lifetime is taken into account: a code still waiting, scanned
 * or granting when its life is over is expired (WeChat never reports expiry itself); a terminal
 * state stays as it is.
 */
export function qrStateAt(state: QrState, createdAtMs: number, nowMs: number): QrState {
  return !isTerminalQrState(state) && isQrExpired(createdAtMs, nowMs) ? 'expired' : state;
}

/**
 * spec §4 "On expiry a new code is fetched": only an expired code is renewed on its own. Cancelled
 * and error wait for the user (a refresh click or reopening the modal); logined needs no code.
 */
export function shouldRenewQr(state: QrState): boolean {
  return state === 'expired';
}

/** What the second-device page and its buttons say once the code is answered. */
export const QR_SCAN_RESULT_TEXT = { confirmed: '已确认，请回到电脑查看', cancelled: '已取消' } as const;
