/**
 * The sign-in call group (docs/sign-in-api.md; spec §7 common and QR login calls). Every function
 * resolves with `data` or rejects with an ApiError the client has already shown (spec §8); none of
 * them sends the stored token except realName, bindPhoneSignedIn and confirmAppQr.
 */
import type { UserInfo } from '~/platform/stores/auth';
import { call, callWithText } from '~/platform/client/client';
import { ACCOUNT_ROUTES } from '~/features/account/routes';
import type { Route } from '~/platform/wire/route';
import { encryptPassword, signBody } from '~/features/sign-in/client/auth-crypto';
import { SIGN_HEADERS, type AliyunCaptcha, type AltchaCaptcha, type CaptchaAction, type CaptchaChallenge, type CaptchaPuzzle, type CaptchaVerifyInput, type SignChallenge } from '~/features/sign-in/contract';
import { SIGN_IN_ROUTES, type CodeSent, type QqQrStatus, type SignInAnswer, type SmsAction, type WechatQrStatus } from '~/features/sign-in/routes';

export { SIGN_HEADERS, type AliyunCaptcha, type AltchaCaptcha, type CaptchaAction, type CaptchaChallenge, type CaptchaPuzzle, type SignChallenge };
export type { QqQrStatus, SignInAnswer, SmsAction, WechatQrStatus };


export function getSign(): Promise<SignChallenge> {
  return call(SIGN_IN_ROUTES.getSign, {}, { noToken: true });
}

/**
 * A signed POST: fetch a fresh challenge, encrypt `password` bound to it, serialise the body once
 * and send exactly that text with its signature. A challenge is single-use, so every call (and a
 * retry) fetches its own.
 *
 * The route only names the path (a signed route has no path parameters): the body goes out as the
 * text signed, not re-serialised by `call`.
 */
export async function signedPost<In extends { password: string }, Out>(route: Route<In, Out, 'POST'>, body: In): Promise<Out> {
  const challenge = await getSign();
  const password = await encryptPassword(challenge.public_key, {
    password: body.password,
    challenge: challenge.nonce_str,
    ts: challenge.timestamp,
  });
  const text = JSON.stringify({ ...body, password });
  return callWithText(route, text, {
    noToken: true,
    headers: {
      'content-type': 'application/json',
      [SIGN_HEADERS.timestamp]: String(challenge.timestamp),
      [SIGN_HEADERS.nonce]: challenge.nonce_str,
      [SIGN_HEADERS.sign]: await signBody(challenge.sign, challenge.timestamp, challenge.nonce_str, text),
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
  return signedPost(SIGN_IN_ROUTES.login, verify_key ? { ...rest, verify_key } : rest);
}

export function mobileLogin(input: { mobile: string; code: string }): Promise<SignInAnswer> {
  return call(SIGN_IN_ROUTES.mobileLogin, input, { noToken: true });
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
  return signedPost(SIGN_IN_ROUTES.register, invite ? { ...rest, invite } : rest);
}

export function sendSms(input: { mobile: string; verify_key: string; action: SmsAction }): Promise<CodeSent> {
  return call(SIGN_IN_ROUTES.sendSms, input, { noToken: true });
}

export function sendEmailCode(input: { email: string; verify_key: string }): Promise<CodeSent> {
  return call(SIGN_IN_ROUTES.sendEmailCode, input, { noToken: true });
}

export function bindPhone(input: { temp_token: string; mobile: string; code: string }): Promise<SignInAnswer> {
  return call(SIGN_IN_ROUTES.bindPhone, input, { noToken: true });
}

export function resetPassword(input: { mobile: string; code: string; password: string }): Promise<null> {
  return signedPost(SIGN_IN_ROUTES.resetPassword, input);
}

export function resetPasswordByEmail(input: { email: string; code: string; password: string }): Promise<null> {
  return signedPost(SIGN_IN_ROUTES.resetPasswordByEmail, input);
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


export function createCaptcha(): Promise<CaptchaChallenge> {
  return call(SIGN_IN_ROUTES.captcha, {}, { noToken: true });
}

export function verifyCaptcha(input: CaptchaVerifyInput<CaptchaAction>): Promise<{ verify_key: string }> {
  return call(SIGN_IN_ROUTES.verifyCaptcha, input, { noToken: true });
}

// ---------------------------------------------------------------------------------------------
// QR login (the qr_secret cookie rides along: same origin, default credentials)
// ---------------------------------------------------------------------------------------------

/**
 * `authorize_url`: with live WeChat login, WeChat's qrconnect page (it shows WeChat's own QR, so
 * the browser opens it in a new tab; our QR of it cannot be used). Absent on the sandbox.
 */
export function initWechatQr(): Promise<{ session_id: string; qrcode_url: string; sandbox_scan_url?: string; authorize_url?: string }> {
  return call(SIGN_IN_ROUTES.wechatInit, {}, { noToken: true });
}

export function wechatQrStatus(sessionId: string, signal?: AbortSignal): Promise<WechatQrStatus> {
  return call(SIGN_IN_ROUTES.wechatStatus, { sessionId }, { noToken: true, signal });
}

/** `authorize_url`: with live QQ login, QQ's authorize page (our QR encodes it too). */
export function initQqQr(fingerprint: string): Promise<{ qrImage: string; sessionId: string; sandbox_scan_url?: string; authorize_url?: string }> {
  return call(SIGN_IN_ROUTES.qqInit, {}, { noToken: true, headers: { uid: fingerprint } });
}

export function qqQrStatus(sessionId: string, signal?: AbortSignal): Promise<QqQrStatus> {
  return call(SIGN_IN_ROUTES.qqStatus, { sessionId }, { noToken: true, signal });
}

export function generateAppQr(fingerprint: string): Promise<{ qr_content: string; qr_token: string; qr_image: string; sandbox_scan_url?: string }> {
  return call(SIGN_IN_ROUTES.appGenerate, { fingerprint }, { noToken: true });
}

export function appQrStatus(qrToken: string, signal?: AbortSignal): Promise<{ status: string }> {
  return call(SIGN_IN_ROUTES.appStatus, { qr_token: qrToken }, { noToken: true, signal });
}

/** The token answer once confirmed; a temp_token (for /bind) is for completeness (an app user has a phone). */
export function appQrToken(qrToken: string, signal?: AbortSignal): Promise<SignInAnswer | { temp_token: string }> {
  // quiet: a failure is said once, as spec §8's 获取用户token失败！ (ui/qr-session.ts).
  return call(SIGN_IN_ROUTES.appToken, { qr_token: qrToken }, { noToken: true, signal, quiet: true });
}

// ---------------------------------------------------------------------------------------------
// The second device (the QR's page): by scan code, no token but the app confirmation's
// ---------------------------------------------------------------------------------------------

/** The page is open: waiting → scanned. */
export function markQrScanned(scanCode: string): Promise<unknown> {
  return call(SIGN_IN_ROUTES.scan, { scan_code: scanCode }, { noToken: true });
}

/** The second device declined. */
export function cancelQr(scanCode: string): Promise<unknown> {
  return call(SIGN_IN_ROUTES.cancel, { scan_code: scanCode }, { noToken: true });
}

/** The phone's signed-in user (its Bearer token) confirms the app sign-in. */
export function confirmAppQr(scanCode: string): Promise<unknown> {
  return call(SIGN_IN_ROUTES.appConfirm, { scan_code: scanCode });
}

/** The sandbox stand-in for the WeChat/QQ app authorises as `identity`. */
export function confirmSandboxQr(scanCode: string, identity: 'new' | 'demo'): Promise<unknown> {
  return call(SIGN_IN_ROUTES.sandboxConfirm, { scan_code: scanCode, identity }, { noToken: true });
}
