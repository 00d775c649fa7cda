/**
 * The activities feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { freeOrderStanding } from '~/features/activities/server/free-order-activity';
export { listInvestmentLeads, markInvestmentLeadHandled, submitInvestment } from '~/features/activities/server/investment-leads';
export { getInvitations, getRanking, payRankingPrizes, recordInvitation, settleInviteRewards } from '~/features/activities/server/invitations';
export { drawLottery, getLottery } from '~/features/activities/server/lottery';
