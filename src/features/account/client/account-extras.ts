/**
 * Account calls (spec §7 account "footprints", "credit", "deactivation
 * check/start/confirm"; zuhao "similar accounts"): 我的足迹, 找相似, the credit score and
 * deregistration. Every call but 找相似 needs the stored token, which the client sends. Each call
 * is a declared route (the account's routes.ts; 找相似 is the catalogue's).
 */
import type { CreditScore } from '~/features/account/rules/credit';
import type { BesimilarPage } from '~/features/catalog/contract/besimilar';
import type { FootprintClearResult, FootprintPage } from '~/features/account/contract/footprints';
import type { DeactivationCheck, DeactivationSmsResult, DeactivationStatus } from '~/features/account/contract/deactivation';
import { ACCOUNT_ROUTES } from '~/features/account/routes';
import { CATALOG_ROUTES } from '~/features/catalog/routes';
import { call, type RequestOptions } from '~/platform/client/client';

export type { DeactivationBlockerView } from '~/features/account/contract/deactivation';
export type DeactivationStatusView = DeactivationStatus;
export type DeactivationCheckView = DeactivationCheck;

type Signal = Pick<RequestOptions, 'signal'>;

/** Newest view first; page ≥ 1, page_size 1-50. */
export function listFootprints(page: number, pageSize: number, options: Signal = {}): Promise<FootprintPage> {
  return call(ACCOUNT_ROUTES.footprints, { page, page_size: pageSize }, options);
}

/** 404 足迹不存在 when the footprint is not the caller's. */
export function deleteFootprint(id: number): Promise<FootprintClearResult> {
  return call(ACCOUNT_ROUTES.deleteFootprint, { id });
}

export function clearFootprints(): Promise<FootprintClearResult> {
  return call(ACCOUNT_ROUTES.clearFootprints, {});
}

/** 找相似; 404 with code -400 when the account is gone. */
export function listBesimilar(accountId: number, page: number, pageSize: number, options: Signal = {}): Promise<BesimilarPage> {
  return call(CATALOG_ROUTES.besimilar, { account_id: accountId, page, page_size: pageSize }, options);
}

export function getCredit(options: Signal = {}): Promise<CreditScore> {
  return call(ACCOUNT_ROUTES.credit, {}, options);
}

export function getDeactivationCheck(options: Signal = {}): Promise<DeactivationCheckView> {
  return call(ACCOUNT_ROUTES.deactivationCheck, {}, options);
}

export function sendDeactivationSms(): Promise<DeactivationSmsResult> {
  return call(ACCOUNT_ROUTES.deactivationSms, {});
}

export function startDeactivation(code: string, forfeitBalance: boolean): Promise<DeactivationStatusView> {
  return call(ACCOUNT_ROUTES.deactivationStart, { code, forfeit_balance: forfeitBalance });
}
