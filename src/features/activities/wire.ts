/**
 * The routes of invitations, the ranking, the lottery, the free first order and the investment
 * leads with their schemas (routes.ts declares them; the endpoints serve them through
 * platform/http/serve.ts and tests read the answer schemas). The investment form's request schemas
 * stay in features/tasks/contract.ts, where the form's rules are.
 */
import { z } from 'zod';
import { ACTIVITY_ROUTES, OPS_ACTIVITY_ROUTES } from '~/features/activities/routes';
import { INVEST_BUDGET_KEYS, investBodySchema, opsInvestHandleBodySchema, opsInvestQuerySchema } from '~/features/tasks/contract';
import { pageSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

/** A route that takes nothing: a GET's query and a POST's body are ignored, as they always were. */
const noInputSchema = z.object({});

const rowId = z.number().int().positive();
const coins = z.number().int().nonnegative();
/** ISO 8601 instant. */
const instant = z.string();

export const invitationsOverviewSchema = z.strictObject({
  invite_code: z.string(),
  invite_link: z.string(),
  qr_data_url: z.string(),
  reward_coins: coins,
  invited: z.number().int().nonnegative(),
  rewarded: z.number().int().nonnegative(),
  coins_earned: coins,
  list: z.array(
    z.strictObject({
      who: z.string(),
      /** ISO, or '' when unknown. */
      registered_at: z.string(),
      state: z.enum(['pending', 'rewarded', 'refused']),
      state_text: z.string(),
      coins,
    }),
  ),
});

export const rankingAnswerSchema = z.strictObject({
  starts_at: instant,
  ends_at: instant,
  prizes: z.array(z.strictObject({ from_rank: z.number().int().positive(), to_rank: z.number().int().positive(), coins })),
  rows: z.array(z.strictObject({ rank: z.number().int().positive(), who: z.string(), count: z.number().int().nonnegative(), prize_coins: coins })),
  mine: z.strictObject({ rank: z.number().int().positive().nullable(), count: z.number().int().nonnegative(), prize_coins: coins, invite_code: z.string() }).nullable(),
});

export const lotteryOverviewSchema = z.strictObject({
  prizes: z.array(z.strictObject({ id: rowId, name: z.string(), coins, stock: z.number().int().nullable(), chance_percent: z.number() })),
  chances: z.number().int().nullable(),
  draws: z.array(z.strictObject({ prize: z.string(), coins, drawn_at: instant })),
});

export const drawResultSchema = z.strictObject({ prize_id: rowId, prize: z.string(), coins, chances: z.number().int() });

export const freeOrderStandingSchema = z.strictObject({ state: z.enum(['eligible', 'used', 'rented_before', 'not_new']), text: z.string(), deadline: instant });

export const investAnswerSchema = z.strictObject({ id: rowId });

export const opsInvestLeadViewSchema = z.strictObject({
  id: rowId,
  name: z.string(),
  phone: z.string(),
  city: z.string(),
  budget: z.enum(INVEST_BUDGET_KEYS),
  budget_text: z.string(),
  message: z.string(),
  ip: z.string().nullable(),
  created_at: instant,
  handled_at: instant.nullable(),
  handled_by: z.string().nullable(),
});

export const ACTIVITY_WIRE = {
  invitations: wire(ACTIVITY_ROUTES.invitations, { input: noInputSchema, answer: invitationsOverviewSchema }),
  ranking: wire(ACTIVITY_ROUTES.ranking, { input: noInputSchema, answer: rankingAnswerSchema }),
  lottery: wire(ACTIVITY_ROUTES.lottery, { input: noInputSchema, answer: lotteryOverviewSchema }),
  // It never read a body: a bare POST (or any body) draws.
  drawLottery: wire(ACTIVITY_ROUTES.drawLottery, { input: noInputSchema, answer: drawResultSchema, body: 'none' }),
  freeOrder: wire(ACTIVITY_ROUTES.freeOrder, { input: noInputSchema, answer: freeOrderStandingSchema }),
  invest: wire(ACTIVITY_ROUTES.invest, { input: investBodySchema, answer: investAnswerSchema }),
};

export const OPS_ACTIVITY_WIRE = {
  investmentLeads: wire(OPS_ACTIVITY_ROUTES.investmentLeads, { input: opsInvestQuerySchema, answer: pageSchema(opsInvestLeadViewSchema) }),
  handleInvestmentLead: wire(OPS_ACTIVITY_ROUTES.handleInvestmentLead, { input: opsInvestHandleBodySchema, answer: opsInvestLeadViewSchema }),
};
