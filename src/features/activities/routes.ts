/**
 * The routes of invitations, the new-user ranking and its lottery, the free first order, the
 * investment form and the console's investment leads, declared once: the browser calls them with
 * `call(route, input)` (site) or `callConsole(route, input)` (console), the endpoints serve them
 * with the schemas of wire.ts.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { Page } from '~/platform/wire/common';
import type { DrawResult, FreeOrderStanding, InvitationsOverview, LotteryOverview, RankingAnswer } from '~/features/activities/contract';
import type { InvestAnswer, OpsInvestFilter, OpsInvestLeadView } from '~/features/tasks/contract';

export interface InvestRequest {
  name: string;
  phone: string;
  city: string;
  /** One of the INVEST_BUDGETS keys (InvestBudget); the form sends what was picked, the server checks it. */
  budget: string;
  message?: string;
}

export const ACTIVITY_ROUTES = {
  /** The caller's invite code, link and QR, and the people invited (Bearer). */
  invitations: route.get<NoInput, InvitationsOverview>('/account/invitations'),
  /** The new-user ranking of the window; the caller's own place when signed in. */
  ranking: route.get<NoInput, RankingAnswer>('/rank/activity'),
  /** The prizes, and the caller's chances and latest draws when signed in. */
  lottery: route.get<NoInput, LotteryOverview>('/rank/lottery'),
  /** One draw (Bearer, no body); 409 暂无抽奖机会 without a chance. */
  drawLottery: route.post<NoInput, DrawResult>('/rank/drawLottery'),
  /** Whether the caller may take the new-user free first order (Bearer). */
  freeOrder: route.get<NoInput, FreeOrderStanding>('/rank/freeOrder'),
  /** 招商合作: no sign-in needed; 429 提交过于频繁 past the per-IP or per-phone limit. */
  invest: route.post<InvestRequest, InvestAnswer>('/business/invest'),
};

export const OPS_ACTIVITY_ROUTES = {
  /** 招商合作 applications (permission `campaigns`). */
  investmentLeads: route.get<{ status?: OpsInvestFilter; page?: number; page_size?: number }, Page<OpsInvestLeadView>>('/ops/investment-leads'),
  /** Marked handled once (permission `campaigns`); 409 when already handled. */
  handleInvestmentLead: route.post<{ id: number }, OpsInvestLeadView>('/ops/investment-leads/handle'),
};
