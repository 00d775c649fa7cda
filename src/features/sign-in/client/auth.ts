/**
 * The sign-in call group (docs/sign-in-api.md; spec §7 common and QR login calls). Every function
 * resolves with `data` or rejects with an ApiError the client has already shown (spec §8); none of
 * them sends the stored token except realName and bindPhoneSignedIn.
 */
import type { TokenInfo, UserInfo } from '~/platform/stores/auth';
import { apiGet, apiPost, call } from '~/platform/client/client';
import { ACCOUNT_ROUTES } from '~/features/account/routes';
import { encryptPassword, signBody } from '~/features/sign-in/client/auth-crypto';
import { SIGN_HEADERS, type CaptchaAction, type CaptchaPuzzle, type SignChallenge } from '~/features/sign-in/contract';

export { SIGN_HEADERS, type CaptchaAction, type CaptchaPuzzle, type SignChallenge };


/** The token answer of every call that signs someone in. */
export interface SignInAnswer {
  token: TokenInfo;
  /** The account was made by this call (spec §4: red-envelope popup 0.8 s later). */
  is_new_user: boolean;
  user: UserInfo;
}


export function getSign(): Promise<SignChallenge> {
  return apiGet<SignChallenge>('/common/getSign', undefined, { noToken: true });
}

/**
 * A signed POST: fetch a fresh challenge, encrypt `password` bound to it, serialise the body once
 * and send exactly that text with its signature. A challenge is single-use, so every call (and a
 * retry) fetches its own.
 */
export async function signedPost<T>(path: string, body: Record<string, unknown> & { password: string }): Promise<T> {
  const challenge = await getSign();
  const password = await encryptPassword(challenge.public_key, {
    password: body.password,
    challenge: challenge.nonce_str,
    ts: challenge.timestamp,
  });
  const text = JSON.stringify({ ...body, password });
  return apiPost<T>(path, text, {
    noToken: true,
    headers: {
      'content-type': 'application/json',
      [SIGN_HEADERS.timestamp]: String(challenge.timestamp),
      [SIGN_HEADERS.nonce]: challenge.nonce_str,
      [SIGN_HEADERS.sign]: signBody(challenge.sign, challenge.timestamp, challenge.nonce_str, text),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Password, SMS and register
// ---------------------------------------------------------------------------------------------

export interface LoginInput {
  username: string;
  password: string;
  verify_key?: string;
  fingerprint: string;
}

export function login(input: LoginInput): Promise<SignInAnswer> {
  const { verify_key, ...rest } = input;
  return signedPost<SignInAnswer>('/common/login', verify_key ? { ...rest, verify_key } : rest);
}

export function mobileLogin(input: { mobile: string; code: string }): Promise<SignInAnswer> {
  return apiPost<SignInAnswer>('/common/mobileLogin', input, { noToken: true });
}

export interface RegisterInput {
  mobile: string;
  password: string;
  code: string;
  invite?: string;
  fingerprint: string;
}

export function register(input: RegisterInput): Promise<SignInAnswer> {
  const { invite, ...rest } = input;
  return signedPost<SignInAnswer>('/common/register', invite ? { ...rest, invite } : rest);
}

export type SmsAction = 'login' | 'register' | 'bind' | 'reset';

export function sendSms(input: { mobile: string; verify_key: string; action: SmsAction }): Promise<{ resend_after: number }> {
  return apiPost('/common/sendSms', input, { noToken: true });
}

export function sendEmailCode(input: { email: string; verify_key: string }): Promise<{ resend_after: number }> {
  return apiPost('/common/sendEmailCode', input, { noToken: true });
}

export function bindPhone(input: { temp_token: string; mobile: string; code: string }): Promise<SignInAnswer> {
  return apiPost<SignInAnswer>('/common/bindPhone', input, { noToken: true });
}

export function resetPassword(input: { mobile: string; code: string; password: string }): Promise<null> {
  return signedPost<null>('/common/resetPassword', input);
}

export function resetPasswordByEmail(input: { email: string; code: string; password: string }): Promise<null> {
  return signedPost<null>('/common/resetPasswordByEmail', input);
}

/** POST account/realName (Bearer): spec §6 real-name verification. */
export function realName(input: { name: string; id_number: string }): Promise<{ is_real_name: true; real_name: string }> {
  return call(ACCOUNT_ROUTES.realName, input);
}

/**
 * POST account/bindPhone (Bearer): the signed-in user binds a phone with a 'bind' SMS code (spec §6:
 * complaints need one); answers the profile, its mobile masked.
 */
export function bindPhoneSignedIn(input: { mobile: string; code: string }): Promise<UserInfo> {
  return call(ACCOUNT_ROUTES.bindPhone, input);
}

// ---------------------------------------------------------------------------------------------
// Slider captcha
// ---------------------------------------------------------------------------------------------


export function createCaptcha(): Promise<CaptchaPuzzle> {
  return apiPost<CaptchaPuzzle>('/common/captcha', {}, { noToken: true });
}

export function verifyCaptcha(input: { captcha_id: string; x: number; web_action: CaptchaAction }): Promise<{ verify_key: string }> {
  return apiPost('/common/captcha/verify', input, { noToken: true });
}

// ---------------------------------------------------------------------------------------------
// QR login (the qr_secret cookie rides along: same origin, default credentials)
// ---------------------------------------------------------------------------------------------

export interface WechatQrStatus {
  status: string;
  token?: SignInAnswer;
  register?: boolean;
  temp_token?: string;
}

export interface QqQrStatus {
  resultStatus: number;
  resultToken?: SignInAnswer;
  temp_token?: string;
}

/**
 * `authorize_url`: with live WeChat login, WeChat's qrconnect page (it shows WeChat's own QR, so
 * the browser opens it in a new tab; our QR of it cannot be used). Absent on the sandbox.
 */
export function initWechatQr(): Promise<{ session_id: string; qrcode_url: string; sandbox_scan_url?: string; authorize_url?: string }> {
  return apiGet('/qr/wechat/init', undefined, { noToken: true });
}

export function wechatQrStatus(sessionId: string, signal?: AbortSignal): Promise<WechatQrStatus> {
  return apiGet('/qr/wechat/status', { sessionId }, { noToken: true, signal });
}

/** `authorize_url`: with live QQ login, QQ's authorize page (our QR encodes it too). */
export function initQqQr(fingerprint: string): Promise<{ qrImage: string; sessionId: string; sandbox_scan_url?: string; authorize_url?: string }> {
  return apiGet('/qr/qq/init', undefined, { noToken: true, headers: { uid: fingerprint } });
}

export function qqQrStatus(sessionId: string, signal?: AbortSignal): Promise<QqQrStatus> {
  return apiGet('/qr/qq/status', { sessionId }, { noToken: true, signal });
}

export function generateAppQr(fingerprint: string): Promise<{ qr_content: string; qr_token: string; qr_image: string; sandbox_scan_url?: string }> {
  return apiPost('/qr/app/generate', { fingerprint }, { noToken: true });
}

export function appQrStatus(qrToken: string, signal?: AbortSignal): Promise<{ status: string }> {
  return apiGet('/qr/app/status', { qr_token: qrToken }, { noToken: true, signal });
}

export function appQrToken(qrToken: string, signal?: AbortSignal): Promise<SignInAnswer> {
  return apiGet('/qr/app/token', { qr_token: qrToken }, { noToken: true, signal });
}
