/** Invitations, the new-user ranking and its lottery, the free first order and the investment form (shapes in features/activities/contract.ts). */
import type { DrawResult, FreeOrderStanding, InvitationsOverview, LotteryOverview, RankingAnswer } from '~/features/activities/contract';
import { ACTIVITY_ROUTES, type InvestRequest } from '~/features/activities/routes';
import type { InvestAnswer } from '~/features/tasks/contract';
import { call, type RequestOptions } from '~/platform/client/client';

export type { DrawResult, FreeOrderStanding, InvitationsOverview, LotteryOverview, RankingAnswer } from '~/features/activities/contract';

type Signal = Pick<RequestOptions, 'signal'>;

export function getInvitations(options: Signal = {}): Promise<InvitationsOverview> {
  return call(ACTIVITY_ROUTES.invitations, {}, options);
}

export function getRanking(options: Signal = {}): Promise<RankingAnswer> {
  return call(ACTIVITY_ROUTES.ranking, {}, options);
}

export function getLottery(options: Signal = {}): Promise<LotteryOverview> {
  return call(ACTIVITY_ROUTES.lottery, {}, options);
}

export function drawLottery(): Promise<DrawResult> {
  return call(ACTIVITY_ROUTES.drawLottery, {});
}

export function getFreeOrderStanding(options: Signal = {}): Promise<FreeOrderStanding> {
  return call(ACTIVITY_ROUTES.freeOrder, {}, options);
}

/** POST business/invest (招商合作): no sign-in needed; a signed-in sender is noted. */
export function submitInvestment(request: InvestRequest & { message: string }): Promise<InvestAnswer> {
  return call(ACTIVITY_ROUTES.invest, { ...request });
}
