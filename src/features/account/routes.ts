/**
 * The account's routes, declared once: the browser calls them with `call(route, input)`, the
 * endpoints serve them with the schemas of wire.ts. 我的足迹, the credit score and deregistration
 * (spec §7 account "footprints", "credit", "deactivation check/start/confirm"); every one needs the
 * signed-in user's token.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { CreditScore } from '~/features/account/rules/credit';
import type { FootprintClearResult, FootprintPage } from '~/features/account/contract/footprints';
import type { DeactivationCheck, DeactivationSmsResult, DeactivationStatus } from '~/features/account/contract/deactivation';

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
};
