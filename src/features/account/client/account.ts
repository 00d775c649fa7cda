/**
 * The account area's calls (个人中心 / 账号设置; docs/account-api.md). All send the stored
 * token; every function resolves with `data` or rejects with an ApiError the client has shown.
 */
import type { SignedInDevice, ThirdPartyBinding } from '~/features/account/contract/account-settings';
import type { UserInfo } from '~/platform/stores/auth';
import { getSign } from '~/features/sign-in/client/auth';
import { encryptPassword, signBody } from '~/features/sign-in/client/auth-crypto';
import { call, callWithText, type RequestOptions, upload } from '~/platform/client/client';
import { ACCOUNT_ROUTES } from '~/features/account/routes';
import { WALLET_ROUTES } from '~/features/wallet/routes';
import { SIGN_IN_ROUTES } from '~/features/sign-in/routes';
import { UPLOAD_ROUTES } from '~/platform/wire/uploads';
import { SIGN_HEADERS } from '~/features/sign-in/contract';

export type { SignedInDevice, ThirdPartyBinding };

export interface UploadedAvatar {
  id: number;
  card_url: string;
  detail_url: string;
}

/** GET common/userInfo: the signed-in user's profile. */
export function getProfile(options: Pick<RequestOptions, 'signal' | 'quiet' | 'pending'> = {}): Promise<UserInfo> {
  return call(ACCOUNT_ROUTES.userInfo, {}, options);
}

export function updateProfile(input: { nickname?: string; avatar?: number }): Promise<UserInfo> {
  return call(ACCOUNT_ROUTES.updateProfile, input);
}

/** POST uploads/image with purpose avatar (JPEG, PNG or WebP by content, at most 5 MB). */
export function uploadAvatar(file: Blob): Promise<UploadedAvatar> {
  const form = new FormData();
  form.set('purpose', 'avatar');
  form.set('file', file);
  return upload(UPLOAD_ROUTES.image, form);
}

export function sendVerifyCode(input: { channel: 'sms' | 'email'; verify_key: string }): Promise<{ resend_after: number }> {
  return call(ACCOUNT_ROUTES.sendVerifyCode, input);
}

export function sendEmailBindCode(input: { email: string; verify_key: string }): Promise<{ resend_after: number }> {
  return call(ACCOUNT_ROUTES.sendEmailCode, input);
}

/** The new phone's 'bind' code goes through POST common/sendSms (the sign-in's own call). */
export function sendNewPhoneCode(input: { mobile: string; verify_key: string }): Promise<{ resend_after: number }> {
  return call(SIGN_IN_ROUTES.sendSms, { ...input, action: 'bind' }, { noToken: true });
}

export function changePhone(input: { old_code?: string; mobile: string; code: string }): Promise<UserInfo & { revoked_sessions: number }> {
  return call(ACCOUNT_ROUTES.changePhone, input);
}

export function changeEmail(input: { old_code?: string; email: string; code: string }): Promise<UserInfo> {
  return call(ACCOUNT_ROUTES.changeEmail, input);
}

export function setPayPassword(input: { pay_password: string; old_pay_password?: string; code?: string }): Promise<{ has_pay_password: true }> {
  return call(ACCOUNT_ROUTES.setPayPassword, input);
}

/**
 * POST account/changePassword: signed like the sign-in's password calls (a fresh challenge, both
 * passwords encrypted with it, the exact text signed), and with the stored token.
 */
export async function changePassword(input: { password: string; old_password?: string; code?: string }): Promise<{ revoked_sessions: number }> {
  const challenge = await getSign();
  const seal = (password: string): Promise<string> => encryptPassword(challenge.public_key, { password, challenge: challenge.nonce_str, ts: challenge.timestamp });
  const body: Record<string, string> = { password: await seal(input.password) };
  if (input.old_password !== undefined) body['old_password'] = await seal(input.old_password);
  if (input.code !== undefined) body['code'] = input.code;
  const text = JSON.stringify(body);
  // The signed text itself is the body (callWithText), which `call` would serialise again.
  return callWithText(ACCOUNT_ROUTES.changePassword, text, {
    headers: {
      'content-type': 'application/json',
      [SIGN_HEADERS.timestamp]: String(challenge.timestamp),
      [SIGN_HEADERS.nonce]: challenge.nonce_str,
      [SIGN_HEADERS.sign]: await signBody(challenge.sign, challenge.timestamp, challenge.nonce_str, text),
    },
  });
}

/**
 * POST account/verifyIdentity: the login password (encrypted and signed as changePassword's) or
 * an SMS code to the bound phone; opens this session's re-authentication window.
 */
export async function verifyIdentity(input: { password: string } | { code: string }): Promise<{ verified_until: string }> {
  const challenge = await getSign();
  const body =
    'password' in input ? { password: await encryptPassword(challenge.public_key, { password: input.password, challenge: challenge.nonce_str, ts: challenge.timestamp }) } : { code: input.code };
  const text = JSON.stringify(body);
  return callWithText(ACCOUNT_ROUTES.verifyIdentity, text, {
    headers: {
      'content-type': 'application/json',
      [SIGN_HEADERS.timestamp]: String(challenge.timestamp),
      [SIGN_HEADERS.nonce]: challenge.nonce_str,
      [SIGN_HEADERS.sign]: await signBody(challenge.sign, challenge.timestamp, challenge.nonce_str, text),
    },
  });
}

export function listDevices(options: { signal?: AbortSignal } = {}): Promise<{ list: SignedInDevice[] }> {
  return call(ACCOUNT_ROUTES.devices, {}, options);
}

export function signOutDevice(id: number): Promise<null> {
  return call(ACCOUNT_ROUTES.signOutDevice, { id });
}

export function signOutEverywhere(): Promise<{ revoked_sessions: number }> {
  return call(ACCOUNT_ROUTES.signOutEverywhere, {});
}

export function listBindings(options: { signal?: AbortSignal } = {}): Promise<{ list: ThirdPartyBinding[] }> {
  return call(ACCOUNT_ROUTES.bindings, {}, options);
}

export function unbindThirdParty(provider: 'wechat' | 'qq'): Promise<{ list: ThirdPartyBinding[] }> {
  return call(ACCOUNT_ROUTES.unbind, { provider });
}

export interface WalletSummary {
  vip_status: number;
  vip_expires_at: string | null;
  gold_coins: number;
}

export function getWalletSummary(options: { signal?: AbortSignal } = {}): Promise<{ walletsInfo: WalletSummary }> {
  return call(WALLET_ROUTES.wallets, {}, options);
}
