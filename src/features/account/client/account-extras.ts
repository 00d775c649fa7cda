/**
 * Account calls (spec §7 account "footprints", "credit", "deactivation
 * check/start/confirm"; zuhao "similar accounts"): 我的足迹, 找相似, the credit score and
 * deregistration. Every call but 找相似 needs the stored token, which the client sends.
 */
import type { CreditScore } from '~/features/account/rules/credit';
import type { BesimilarPage } from '~/features/catalog/contract/besimilar';
import type { FootprintClearResult, FootprintPage } from '~/features/account/contract/footprints';
import { apiGet, apiPost, type RequestOptions } from '~/platform/client/client';

export const FOOTPRINTS_PATH = '/account/footprints';
export const FOOTPRINT_DELETE_PATH = '/account/footprintDelete';
export const FOOTPRINT_CLEAR_PATH = '/account/footprintClear';

type Signal = Pick<RequestOptions, 'signal'>;

/** Newest view first; page ≥ 1, page_size 1-50. */
export function listFootprints(page: number, pageSize: number, options: Signal = {}): Promise<FootprintPage> {
  return apiGet<FootprintPage>(FOOTPRINTS_PATH, { page, page_size: pageSize }, options);
}

/** 404 足迹不存在 when the footprint is not the caller's. */
export function deleteFootprint(id: number): Promise<FootprintClearResult> {
  return apiPost<FootprintClearResult>(FOOTPRINT_DELETE_PATH, { id });
}

export function clearFootprints(): Promise<FootprintClearResult> {
  return apiPost<FootprintClearResult>(FOOTPRINT_CLEAR_PATH, {});
}

export const BESIMILAR_PATH = '/zuhao/besimilar';

/** 找相似; 404 with code -400 when the account is gone. */
export function listBesimilar(accountId: number, page: number, pageSize: number, options: Signal = {}): Promise<BesimilarPage> {
  return apiGet<BesimilarPage>(BESIMILAR_PATH, { account_id: accountId, page, page_size: pageSize }, options);
}

export const CREDIT_PATH = '/account/credit';

export function getCredit(options: Signal = {}): Promise<CreditScore> {
  return apiGet<CreditScore>(CREDIT_PATH, undefined, options);
}

export const DEACTIVATION_CHECK_PATH = '/account/deactivationCheck';
export const DEACTIVATION_SMS_PATH = '/account/deactivationSms';
export const DEACTIVATION_START_PATH = '/account/deactivationStart';

export interface DeactivationBlockerView {
  key: string;
  msg: string;
  href: string;
}

export interface DeactivationStatusView {
  state: 'none' | 'pending' | 'cancelled' | 'completed';
  started_at: string | null;
  cools_until: string | null;
  cancelled_at: string | null;
}

export interface DeactivationCheckView {
  ok: boolean;
  blockers: DeactivationBlockerView[];
  balance_fen: number;
  frozen_fen: number;
  mobile_masked: string | null;
  cooling_off_days: number;
  status: DeactivationStatusView;
}

export function getDeactivationCheck(options: Signal = {}): Promise<DeactivationCheckView> {
  return apiGet<DeactivationCheckView>(DEACTIVATION_CHECK_PATH, undefined, options);
}

export function sendDeactivationSms(): Promise<{ resend_after: number }> {
  return apiPost<{ resend_after: number }>(DEACTIVATION_SMS_PATH, {});
}

export function startDeactivation(code: string, forfeitBalance: boolean): Promise<DeactivationStatusView> {
  return apiPost<DeactivationStatusView>(DEACTIVATION_START_PATH, { code, forfeit_balance: forfeitBalance });
}
