/** Invitations, the new-user ranking and its lottery (issue 16; shapes in lib/contract/activities.ts). */
import type { DrawResult, InvitationsOverview, LotteryOverview, RankingAnswer } from '../contract/activities';
import { apiGet, apiPost, type RequestOptions } from './client';

export type { DrawResult, InvitationsOverview, LotteryOverview, RankingAnswer } from '../contract/activities';

type Signal = Pick<RequestOptions, 'signal'>;

export function getInvitations(options: Signal = {}): Promise<InvitationsOverview> {
  return apiGet('/account/invitations', undefined, options);
}

export function getRanking(options: Signal = {}): Promise<RankingAnswer> {
  return apiGet('/rank/activity', undefined, options);
}

export function getLottery(options: Signal = {}): Promise<LotteryOverview> {
  return apiGet('/rank/lottery', undefined, options);
}

export function drawLottery(): Promise<DrawResult> {
  return apiPost('/rank/drawLottery');
}

export type { FreeOrderStanding } from '../contract/activities';

export function getFreeOrderStanding(options: Signal = {}): Promise<import('../contract/activities').FreeOrderStanding> {
  return apiGet('/rank/freeOrder', undefined, options);
}
