/**
 * Shapes both halves of sign-in agree on (docs/sign-in-api.md), written once: the browser's call
 * group (auth.ts) and the server's services import them from here.
 */

/** GET common/getSign (spec §7: public_key, sign, timestamp, nonce_str). */
export interface SignChallenge {
  /** SPKI PEM of the active RSA key. */
  public_key: string;
  key_id: string;
  /** The per-challenge HMAC key: 64 hex characters. */
  sign: string;
  /** Seconds since the epoch. */
  timestamp: number;
  nonce_str: string;
}

/** POST common/captcha (v1): a slider puzzle. */
export interface CaptchaPuzzle {
  captcha_id: string;
  width: number;
  height: number;
  piece_size: number;
  /** Where the piece sits vertically; it only slides along x. */
  piece_y: number;
  /** data: URLs of the background with its gap, and of the piece. */
  image: string;
  piece: string;
}

/**
 * POST common/captcha (v1) when the site runs ALTCHA (CAPTCHA_PROVIDER=altcha, production's
 * default): a proof-of-work challenge for the `altcha` widget, in place of a slider puzzle.
 */
export interface AltchaCaptcha {
  kind: 'altcha';
  captcha_id: string;
  /** altcha-lib's v2 challenge: { parameters: {...}, signature }, handed to the widget as is. */
  challenge: { parameters: Record<string, unknown>; signature?: string };
}

/**
 * POST common/captcha (v1) when the site runs Aliyun Captcha 2.0 (CAPTCHA_PROVIDER=aliyun): what
 * Aliyun's widget needs to show the operator's scene; the widget itself comes from `script_url`.
 */
export interface AliyunCaptcha {
  kind: 'aliyun';
  captcha_id: string;
  scene_id: string;
  prefix: string;
  /** The widget's region ('cn' or 'sgp'), matching the server's verification endpoint. */
  region: string;
  script_url: string;
}

/** What POST common/captcha answers: a slider puzzle, or an ALTCHA or Aliyun captcha (they have `kind`). */
export type CaptchaChallenge = CaptchaPuzzle | AltchaCaptcha | AliyunCaptcha;

/**
 * POST common/captcha/verify: the slider's drop point, the ALTCHA widget's payload (base64, the
 * widget's `verified` event detail), or the Aliyun widget's captchaVerifyParam, for the same
 * captcha_id.
 */
export type CaptchaVerifyInput<Action> =
  | { captcha_id: string; x: number; web_action: Action }
  | { captcha_id: string; altcha: string; web_action: Action }
  | { captcha_id: string; aliyun: string; web_action: Action };

/** spec §7 validate code v2: the web_action a verify_key is bound to. */
export const CAPTCHA_ACTIONS = ['login', 'submit', 'sendSms'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** spec §7 login and register: the request-signing headers. */
export const SIGN_HEADERS = { sign: 'X-Sign', timestamp: 'X-Timestamp', nonce: 'X-Nonce-Str' } as const;

/**
 * What an SMS or email code is for. 'verify' proves the signed-in user holds their bound phone or
 * email (account settings); 'deactivate' is the SMS code that starts a deregistration.
 */
export const CODE_ACTIONS = ['login', 'register', 'bind', 'reset', 'verify', 'deactivate'] as const;
export type CodeAction = (typeof CODE_ACTIONS)[number];

/** The third parties a user can sign in with by QR. */
export const THIRD_PARTY_PROVIDERS = ['wechat', 'qq'] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];
