/**
 * The sign-in routes (docs/sign-in-api.md; spec §7 common and QR login calls), declared once: the
 * browser calls them with `call(route, input)`, the endpoints serve them with the schemas of
 * wire.ts. None of them needs the stored token except logout (the token it revokes) and the app
 * QR confirmation (the phone's signed-in user).
 *
 * The signed calls (login, register, resetPassword, resetPasswordByEmail) carry X-Sign over the
 * exact body text, and their password field is the RSA ciphertext, not the password typed.
 */
import { route, type NoInput } from '~/platform/wire/route';
import { QQ_INIT_SUCCESS_CODE } from '~/features/sign-in/constants';
import type { CaptchaAction, CaptchaChallenge, CaptchaVerifyInput, SignChallenge } from '~/features/sign-in/contract';
import type { AppQrStatus, QrPlatform, QrState } from '~/features/sign-in/rules/qr-login';
import { SESSION_ROUTES } from '~/platform/wire/session';

/** spec §3 token info: the session token and when it expires. */
export interface SessionToken {
  token: string;
  expires_time: number;
}

/** The profile a sign-in answers (the server's UserInfo): a type, so the auth store can keep it. */
export type SignInUser = {
  id: number;
  username: string;
  nickname: string;
  avatar: string | null;
  /** Masked as 138****0000. */
  mobile: string | null;
  is_real_name: boolean;
  has_password: boolean;
  /** Masked; null before verification. */
  real_name: string | null;
  /** Masked; null when no address is set. */
  email: string | null;
  has_email: boolean;
  has_pay_password: boolean;
  /** ISO 8601. */
  created_at: string;
};

/** The token answer of every call that signs someone in (docs/sign-in-api.md "Token answer"). */
export interface SignInAnswer {
  token: SessionToken;
  /** The account was made by this call (spec §4: red-envelope popup 0.8 s later). */
  is_new_user: boolean;
  user: SignInUser;
}

/** What an SMS code may be asked for without a token ('verify' and 'deactivate' need one). */
export type SmsAction = 'login' | 'register' | 'bind' | 'reset';

/** spec §9: seconds until the next code may be asked for. */
export interface CodeSent {
  resend_after: number;
}

/** A signed body's password: base64 RSA-OAEP ciphertext bound to the challenge. */
type Ciphertext = string;

/** WeChat QR poll: on success the token answer, or `register` with a temp_token for /bind. */
export interface WechatQrStatus {
  status: string;
  token?: SignInAnswer;
  register?: boolean;
  temp_token?: string;
}

/** QQ QR poll: spec §4's numeric states; on 0 the token answer, or a temp_token for /bind. */
export interface QqQrStatus {
  resultStatus: number;
  resultToken?: SignInAnswer;
  temp_token?: string;
}

/**
 * A WeChat/QQ init's extra link: `authorize_url` with a live provider (WeChat's qrconnect page
 * shows its own QR, so the browser opens it), else `sandbox_scan_url` outside production.
 */
export interface ThirdPartyScanLinks {
  sandbox_scan_url?: string;
  authorize_url?: string;
}

export const SIGN_IN_ROUTES = {
  /** A signing challenge, valid 5 minutes and usable once. */
  getSign: route.get<NoInput, SignChallenge>('/common/getSign'),
  /** Signed. Password login (spec §5 -410 asks for the slider after failures). */
  login: route.post<{ username: string; password: Ciphertext; verify_key?: string | null; fingerprint?: string }, SignInAnswer>('/common/login'),
  /** Signed. A new account by phone, SMS code and password. */
  register: route.post<{ mobile: string; password: Ciphertext; code: string; invite?: string | null; fingerprint?: string }, SignInAnswer>('/common/register'),
  /** Signed. A new password by SMS code; every token of the user is revoked. */
  resetPassword: route.post<{ mobile: string; code: string; password: Ciphertext }, null>('/common/resetPassword'),
  /** Signed. A new password by email code. */
  resetPasswordByEmail: route.post<{ email: string; code: string; password: Ciphertext }, null>('/common/resetPasswordByEmail'),
  /** SMS code sign-in; a phone without an account gets a new one. */
  mobileLogin: route.post<{ mobile: string; code: string }, SignInAnswer>('/common/mobileLogin'),
  /** An SMS code, after the slider (verify_key for web_action sendSms). */
  sendSms: route.post<{ mobile: string; verify_key: string; action: SmsAction }, CodeSent>('/common/sendSms'),
  /** A password-reset code by email, after the slider. */
  sendEmailCode: route.post<{ email: string; verify_key: string }, CodeSent>('/common/sendEmailCode'),
  /** A third-party sign-in without a phone binds one with its temp_token (spec §6). */
  bindPhone: route.post<{ temp_token: string; mobile: string; code: string }, SignInAnswer>('/common/bindPhone'),
  /** Revokes the token presented (no body); 401 without a live one. */
  logout: SESSION_ROUTES.logout,
  /** A slider puzzle (no body). */
  captcha: route.post<NoInput, CaptchaChallenge>('/common/captcha'),
  /** The slider's answer → a verify_key for `web_action`. */
  verifyCaptcha: route.post<CaptchaVerifyInput<CaptchaAction>, { verify_key: string }>('/common/captcha/verify'),

  // QR login (the qr_secret cookie rides along: same origin, default credentials)
  /** A WeChat QR session; the browser secret comes back in the qr_secret cookie. */
  wechatInit: route.get<NoInput, { session_id: string; qrcode_url: string } & ThirdPartyScanLinks>('/qr/wechat/init'),
  wechatStatus: route.get<{ sessionId: string }, WechatQrStatus>('/qr/wechat/status'),
  /** A QQ QR session; the fingerprint travels in the `uid` header (spec §7). */
  qqInit: route.get<NoInput, { qrImage: string; sessionId: string } & ThirdPartyScanLinks>('/qr/qq/init', { successCode: QQ_INIT_SUCCESS_CODE }),
  qqStatus: route.get<{ sessionId: string }, QqQrStatus>('/qr/qq/status'),
  /** An app scan-login QR: qr_content is the URL it encodes, qr_image the QR itself. */
  appGenerate: route.post<{ fingerprint: string }, { qr_content: string; qr_token: string; qr_image: string; sandbox_scan_url?: string }>('/qr/app/generate'),
  appStatus: route.get<{ qr_token: string }, { status: AppQrStatus }>('/qr/app/status'),
  /** Once, after `confirmed`: the token answer (an app confirmation is always by a user with a phone). */
  appToken: route.get<{ qr_token: string }, SignInAnswer | { temp_token: string }>('/qr/app/token'),
  /** The phone signed in (Bearer) confirms the web sign-in. */
  appConfirm: route.post<{ scan_code: string }, { status: 'logined' }>('/qr/app/confirm'),
  /** The second device opened the QR's page: waiting → scanned. */
  scan: route.post<{ scan_code: string }, { platform: QrPlatform; status: QrState }>('/qr/scan'),
  /** The second device declined. */
  cancel: route.post<{ scan_code: string }, { status: QrState }>('/qr/cancel'),
  /** The sandbox stand-in for the WeChat/QQ app (404 in production). */
  sandboxConfirm: route.post<{ scan_code: string; identity: 'new' | 'demo' }, { status: 'logined'; needs_bind: boolean }>('/qr/sandbox/confirm'),
};
