/**
 * Account calls of issue 16 (spec §7 account "footprints", "credit", "deactivation
 * check/start/confirm"; zuhao "similar accounts"): 我的足迹, 找相似, the credit score and
 * deregistration. Every call but 找相似 needs the stored token, which the client sends.
 */
import type { FootprintClearResult, FootprintPage } from '../contract/footprints';
import { apiGet, apiPost, type RequestOptions } from './client';

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
