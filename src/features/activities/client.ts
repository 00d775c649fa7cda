/** Invitations, the new-user ranking and its lottery (shapes in features/activities/contract.ts). */
import type { DrawResult, InvitationsOverview, LotteryOverview, RankingAnswer } from '~/features/activities/contract';
import { apiGet, apiPost, type RequestOptions } from '~/platform/client/client';

export type { DrawResult, InvitationsOverview, LotteryOverview, RankingAnswer } from '~/features/activities/contract';

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

export type { FreeOrderStanding } from '~/features/activities/contract';

export function getFreeOrderStanding(options: Signal = {}): Promise<import('~/features/activities/contract').FreeOrderStanding> {
  return apiGet('/rank/freeOrder', undefined, options);
}
