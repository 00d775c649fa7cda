/**
 * The wire side of the three scan logins (docs/sign-in-api.md "QR login"), reshaped into one form
 * so the panel only deals with spec §4 QR states.
 */
import {
  appQrStatus,
  appQrToken,
  generateAppQr,
  initQqQr,
  initWechatQr,
  qqQrStatus,
  wechatQrStatus,
  type SignInAnswer,
} from '~/features/sign-in/client/auth';
import { browserFingerprint } from '~/platform/client/fingerprint';
import { isApiError } from '~/platform/client/errors';
import { appQrState, qqQrState, QR_LOGIN_INFO_FAILED_MSG, QR_TOKEN_FAILED_MSG, wechatQrState, type QrPlatform, type QrState } from '~/features/sign-in/rules/qr-login';

/** A confirmed code that signed nobody in (spec §8 获取用户登录信息失败 / 获取用户token失败！): its message is the toast. */
export class QrSignInError extends Error {
  override readonly name = 'QrSignInError';
}

/** spec §4: a confirmed WeChat or QQ code must carry the token or a temp_token, else §8's toast. */
function confirmed(state: QrState, answer: SignInAnswer | undefined, tempToken: string | undefined): QrPoll {
  if (state === 'logined' && !answer && !tempToken) throw new QrSignInError(QR_LOGIN_INFO_FAILED_MSG);
  return { state, answer, tempToken };
}

export interface QrCode {
  /** session_id, sessionId or qr_token. */
  id: string;
  /** A data: URL of the QR image. */
  image: string;
  /** Outside production the server names the page the QR encodes, for a demo without a phone. */
  scanUrl: string | null;
  /**
   * Live WeChat login only: WeChat's qrconnect page, opened in a new tab (it shows WeChat's own QR
   * and cannot be opened inside WeChat, so our QR of it is of no use); this tab keeps polling.
   */
  authorizeUrl: string | null;
}

export interface QrPoll {
  state: QrState;
  /** Present once signed in. */
  answer?: SignInAnswer;
  /** A third-party identity without a bound phone (spec §6): go to /bind with it. */
  tempToken?: string;
}

export async function initQr(platform: QrPlatform): Promise<QrCode> {
  if (platform === 'wechat') {
    const r = await initWechatQr();
    return { id: r.session_id, image: r.qrcode_url, scanUrl: r.sandbox_scan_url ?? null, authorizeUrl: r.authorize_url ?? null };
  }
  if (platform === 'qq') {
    const r = await initQqQr(await browserFingerprint());
    // Mobile QQ opens the authorize page our QR encodes, so QQ keeps its QR (docs/providers-sign-in.md).
    return { id: r.sessionId, image: r.qrImage, scanUrl: r.sandbox_scan_url ?? null, authorizeUrl: null };
  }
  const r = await generateAppQr(await browserFingerprint());
  return { id: r.qr_token, image: r.qr_image, scanUrl: r.sandbox_scan_url ?? null, authorizeUrl: null };
}

export async function pollQr(platform: QrPlatform, id: string, signal: AbortSignal): Promise<QrPoll> {
  if (platform === 'wechat') {
    const r = await wechatQrStatus(id, signal);
    // spec §4 maps WeChat's statuses other than pending/success/cancelled to error; our server also
    // says `expired` once its 60 s are over (usually a poll before our own clock does), and an
    // expired code must be renewed (spec §4), not shown as a failure.
    const state = r.status === 'expired' ? 'expired' : wechatQrState(r.status);
    return confirmed(state, r.token, r.temp_token);
  }
  if (platform === 'qq') {
    const r = await qqQrStatus(id, signal);
    return confirmed(qqQrState(r.resultStatus), r.resultToken, r.temp_token);
  }
  const state = appQrState((await appQrStatus(id, signal)).status);
  if (state !== 'logined') return { state };
  // The app hands the token out by a separate call once confirmed (a temp_token only in theory:
  // an app confirmation is by a user who has a phone).
  let redeemed: Awaited<ReturnType<typeof appQrToken>>;
  try {
    redeemed = await appQrToken(id, signal);
  } catch (error) {
    if (isApiError(error) && error.cancelled) throw error;
    throw new QrSignInError(QR_TOKEN_FAILED_MSG, { cause: error });
  }
  return 'temp_token' in redeemed ? { state, tempToken: redeemed.temp_token } : { state, answer: redeemed };
}
