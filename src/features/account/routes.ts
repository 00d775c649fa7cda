/**
 * The account's routes, declared once: the browser calls them with `call(route, input)`, the
 * endpoints serve them with the schemas of wire.ts. 我的足迹, the credit score and deregistration
 * (spec §7 account "footprints", "credit", "deactivation check/start/confirm"), the profile and
 * 账号设置 (spec §7 "GET user info", account "profile update, phone and email bind/update, pay
 * password", real-name verification; docs/account-api.md); every one needs the signed-in user's
 * token.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { CreditScore } from '~/features/account/rules/credit';
import type { FootprintClearResult, FootprintPage } from '~/features/account/contract/footprints';
import type { DeactivationCheck, DeactivationSmsResult, DeactivationStatus } from '~/features/account/contract/deactivation';
import type { AccountProfile, SignedInDevice, ThirdPartyBinding } from '~/features/account/contract/account-settings';

/** Seconds until the next code may be asked for. */
export type SendCodeResult = { resend_after: number };

/** Sessions of the user signed out by a change. */
// A type, not an interface: the profile it joins is stored as the loose UserInfo of the auth store,
// whose index signature an interface would not satisfy.
export type RevokedSessions = { revoked_sessions: number };

export const ACCOUNT_ROUTES = {
  /** Newest view first; page ≥ 1, page_size 1-50. */
  footprints: route.get<{ page?: number; page_size?: number }, FootprintPage>('/account/footprints'),
  /** 404 足迹不存在 when the footprint is not the caller's. */
  deleteFootprint: route.post<{ id: number }, FootprintClearResult>('/account/footprintDelete'),
  /** All the caller's footprints (no body). */
  clearFootprints: route.post<NoInput, FootprintClearResult>('/account/footprintClear'),
  credit: route.get<NoInput, CreditScore>('/account/credit'),
  /** What stands in the way of deregistering, and the state of the latest request. */
  deactivationCheck: route.get<NoInput, DeactivationCheck>('/account/deactivationCheck'),
  /** The code to the caller's own phone (no body); 400 without a phone, 429 when asked too often. */
  deactivationSms: route.post<NoInput, DeactivationSmsResult>('/account/deactivationSms'),
  /** 400 验证码错误或已过期; 409 with the blockers, or when one is already pending. */
  deactivationStart: route.post<{ code: string; forfeit_balance?: boolean }, DeactivationStatus>('/account/deactivationStart'),

  /** The signed-in user's profile (mobile, email and real name masked); 401 without a valid token. */
  userInfo: route.get<NoInput, AccountProfile>('/common/userInfo'),
  /** Either or both; `avatar` is the id or URL of an own upload of purpose avatar. */
  updateProfile: route.post<{ nickname?: string; avatar?: number | string }, AccountProfile>('/account/profile'),
  /** spec §6 real-name verification; 409 该身份证号已被其他账号认证. */
  realName: route.post<{ name: string; id_number: string }, { is_real_name: true; real_name: string }>('/account/realName'),
  /** A phone for a user without one, with a 'bind' SMS code (POST common/sendSms). */
  bindPhone: route.post<{ mobile: string; code: string }, AccountProfile>('/account/bindPhone'),
  /** A 'verify' code to the user's own bound phone or email, after the slider. */
  sendVerifyCode: route.post<{ channel: 'sms' | 'email'; verify_key?: string | null }, SendCodeResult>('/account/sendVerifyCode'),
  /** A 'bind' code to a new email address, after the slider; 409 该邮箱已绑定其他账号. */
  sendEmailCode: route.post<{ email: string; verify_key?: string | null }, SendCodeResult>('/account/sendEmailCode'),
  /** Signs every other device out. */
  changePhone: route.post<{ old_code?: string | null; mobile: string; code: string }, AccountProfile & RevokedSessions>('/account/changePhone'),
  /** The old address's code or the window (a first address: the window); signs every other device out. */
  changeEmail: route.post<{ old_code?: string | null; email: string; code: string }, AccountProfile>('/account/changeEmail'),
  /**
   * Signed like the sign-in's password calls (docs/sign-in-api.md "Request signing"): the browser
   * posts the exact JSON text it signed, so the browser calls it with callWithText, not `call`.
   */
  changePassword: route.post<{ password: string; old_password?: string | null; code?: string | null }, RevokedSessions>('/account/changePassword'),
  /**
   * Opens this session's re-authentication window (docs/decisions.md "Re-authentication window"):
   * the login password (RSA-encrypted and signed like changePassword, so the browser calls it with
   * callWithText) or a 'verify' SMS code to the bound phone. 400 with a Chinese message when
   * wrong, 429 after five wrong tries in 15 minutes.
   */
  verifyIdentity: route.post<{ password?: string | null; code?: string | null }, { verified_until: string }>('/account/verifyIdentity'),
  /** A change without a proof: 403 code CODE_REAUTH_REQUIRED unless the window is open; signs every other device out. */
  setPayPassword: route.post<{ pay_password: string; old_pay_password?: string | null; code?: string | null }, { has_pay_password: true }>('/account/payPassword'),
  /** The devices signed in, the current one first. */
  devices: route.get<NoInput, { list: SignedInDevice[] }>('/account/devices'),
  /** Another device of the user; 404 when gone, 400 for the current one. */
  signOutDevice: route.post<{ id: number }, null>('/account/signOutDevice'),
  /** Every device but this one (no body). */
  signOutEverywhere: route.post<NoInput, RevokedSessions>('/account/signOutEverywhere'),
  /** WeChat and QQ, each bound or not. */
  bindings: route.get<NoInput, { list: ThirdPartyBinding[] }>('/account/bindings'),
  /** 404 when not bound; 409 when it is the last way to sign in. */
  unbind: route.post<{ provider: 'wechat' | 'qq' }, { list: ThirdPartyBinding[] }>('/account/unbind'),
};
