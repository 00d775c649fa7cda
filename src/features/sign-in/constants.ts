/**
 * The sign-in feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

export const CODE_PASSWORD_CAPTCHA_REQUIRED = -410;

/** spec §8 toast when a sign-in fails for a reason the server did not word. */
export const LOGIN_FAILED_MSG = '登录失败';

// §9 QR login and SMS
export const QR_POLL_WECHAT_MS = 500;
export const QR_POLL_QQ_MS = 500;
/** Spec §7 "GET init QQ login ... code 200": the one answer whose envelope says success with 200, not §9's 0. */
export const QQ_INIT_SUCCESS_CODE = 200;
export const QR_POLL_APP_MS = 2_000;
export const QR_LIFETIME_MS = 60_000;

// Tokens (src/features/sign-in/server/tokens.ts).
/** §3 token info: a sign-in token lives 7 days; clients read its end as expires_time in seconds. */
export const TOKEN_LIFETIME_S = 7 * 24 * 60 * 60;

// Sign-in server limits (docs/sign-in-api.md). Not in the spec: our choices, in
// docs/decisions.md.
/** A getSign challenge lives 5 minutes; X-Timestamp may differ from the server clock by this much. */
export const SIGN_CHALLENGE_LIFETIME_S = 300;
export const SIGN_TIMESTAMP_WINDOW_S = 300;
/** A slider puzzle lives 2 minutes and takes one answer; x may be off by this many pixels. */
export const CAPTCHA_LIFETIME_S = 120;
export const CAPTCHA_TOLERANCE_PX = 6;
/**
 * An Aliyun captcha's row lives 10 minutes: the person solves Aliyun's widget at their own pace
 * (Aliyun keeps its own record 20 minutes), and the row only has to outlive that.
 */
export const ALIYUN_CAPTCHA_LIFETIME_S = 600;
/** The widget's captchaVerifyParam is a JSON string of a few kilobytes (device token included). */
export const ALIYUN_VERIFY_PARAM_MAX_LENGTH = 16_384;
/** A verify_key (solved captcha) lives 5 minutes and is used once. */
export const VERIFY_KEY_LIFETIME_S = 300;
/** SMS and email codes: 5 minutes, at most 5 tries. */
export const VERIFICATION_CODE_LIFETIME_S = 300;
export const VERIFICATION_CODE_MAX_TRIES = 5;
/** Sends per phone (or email) per day and per IP per day; the 60 s gap is SMS_RESEND_S. */
export const CODE_SENDS_PER_RECIPIENT_PER_DAY = 10;
export const CODE_SENDS_PER_IP_PER_DAY = 20;
/** Password login attempts per login name and per IP in a 15-minute window. */
export const LOGIN_ATTEMPT_WINDOW_S = 900;
export const LOGIN_ATTEMPTS_PER_NAME = 10;
export const LOGIN_ATTEMPTS_PER_IP = 50;
/** A third-party login's temp_token (spec §6, for /bind) lives 10 minutes. */
export const BIND_TOKEN_LIFETIME_S = 600;
/** QR polls closer together than this fraction of the platform's interval get 429. */
export const QR_MIN_POLL_FRACTION = 0.5;
/** Name of the HttpOnly cookie binding a QR session to the browser that created it. */
export const QR_SECRET_COOKIE = 'qr_secret';
