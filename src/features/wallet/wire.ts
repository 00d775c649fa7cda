/**
 * The wallet's routes with their schemas (routes.ts declares them; the endpoints serve them through
 * platform/http/serve.ts and tests read the answer schemas). The request schemas moved here from the
 * services (wallet.ts, withdrawals.ts, red-packets.ts, vip.ts), which import them back; the answer
 * schemas are checked against the contract's types (contract/money.ts, red-packets.ts,
 * exchange-code.ts) by `wire`.
 */
import { z } from 'zod';
import { WALLET_ROUTES } from '~/features/wallet/routes';
import { LEDGER_KINDS } from '~/features/wallet/contract/money';
import { exchangeCodeBodySchema } from '~/features/wallet/contract/exchange-code';
import { GOLD_TASKS, isGoldTaskKey, MSG_UNKNOWN_TASK } from '~/features/wallet/rules/gold-tasks';
import { EXCHANGE_REWARD_KINDS } from '~/features/campaigns/contract/ops-campaigns';
import { orderViewSchema } from '~/features/orders/wire';
import { MONEY_PAGE_SIZE_DEFAULT, MONEY_PAGE_SIZE_MAX, RED_PACKET_STATUS } from '~/platform/config/constants';
import { RED_PACKET_PAGE_SIZE } from '~/features/wallet/constants';
import { withReason } from '~/platform/http/errors';
import { PHONE_INVALID, PHONE_PATTERN, PHONE_REQUIRED, REAL_NAME_REQUIRED } from '~/platform/rules/validation';
import { bodyIdSchema, optionalQuery, pageSchema, queryIntSchema, yuanAmountSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** A route that takes nothing: a GET's query and a POST's body are ignored, as they always were. */
const noInputSchema = z.object({});

export { MSG_BAD_AMOUNT, yuanAmountSchema } from '~/platform/wire/common';

/** Query of GET account/fundsDetail. */
export const fundsQuerySchema = z.object({
  page: optionalQuery(queryIntSchema(1, 1_000_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, MONEY_PAGE_SIZE_MAX)).default(MONEY_PAGE_SIZE_DEFAULT),
  direction: optionalQuery(z.enum(['all', 'in', 'out'])).default('all'),
});
export type FundsQuery = z.output<typeof fundsQuerySchema>;

/** PostgreSQL integer: a red-envelope page past this would overflow the offset. */
export const RED_PACKET_MAX_PAGE = 1_000_000;

/**
 * GET account/redPackets (spec §7: status=1, canUse='1', page=1, page_size=100). status 1|2|3,
 * canUse '0'|'1', page ≥ 1 (default 1), page_size 1-100 (default 100; §9 says 100, more is a 400).
 */
export const redPacketsQuerySchema = z.object({
  status: optionalQuery(
    z.enum(['1', '2', '3'], { error: withReason('应为 1、2 或 3') }).transform((value) => Number(value) as 1 | 2 | 3),
  ),
  canUse: optionalQuery(z.enum(['0', '1'], { error: withReason('应为 0 或 1') })),
  page: optionalQuery(queryIntSchema(1, RED_PACKET_MAX_PAGE)),
  page_size: optionalQuery(queryIntSchema(1, RED_PACKET_PAGE_SIZE)),
});

export const MSG_BAD_ALIPAY_ACCOUNT = '请输入正确的支付宝账号';
export const MSG_ALIPAY_NAME_MISMATCH = '支付宝实名须与实名认证姓名一致';

/** alipay_accounts.account is varchar(64). */
const ALIPAY_ACCOUNT_MAX_LENGTH = 64;
/** users.real_name and alipay_accounts.real_name are varchar(32). */
const REAL_NAME_MAX_LENGTH = 32;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isAlipayAccount(value: string): boolean {
  return PHONE_PATTERN.test(value) || (value.length <= ALIPAY_ACCOUNT_MAX_LENGTH && EMAIL_PATTERN.test(value));
}

/** Body of POST account/alipayAccount. An email is kept lowercased (Alipay logins ignore case). */
export const alipayAccountBodySchema = z.object({
  account: z
    .string({ error: MSG_BAD_ALIPAY_ACCOUNT })
    .trim()
    .refine(isAlipayAccount, { error: MSG_BAD_ALIPAY_ACCOUNT })
    .transform((value) => (value.includes('@') ? value.toLowerCase() : value)),
  real_name: z
    .string({ error: REAL_NAME_REQUIRED })
    .trim()
    .min(1, { error: REAL_NAME_REQUIRED })
    .max(REAL_NAME_MAX_LENGTH, { error: MSG_ALIPAY_NAME_MISMATCH }),
});
export type AlipayAccountBody = z.output<typeof alipayAccountBodySchema>;

/** Body of POST account/withdraw: yuan with at most 2 decimals, as a string. */
export const withdrawBodySchema = z.object({
  amount: yuanAmountSchema,
});

/** What the endpoint reads: the amount and, once the user has set one, the pay password. */
export const withdrawRequestSchema = withdrawBodySchema.extend({ pay_password: z.string().max(32).nullish() });

/** Body of POST common/transfer: the receiver's phone (spec §5 pattern), yuan, the pay password. */
export const transferBodySchema = z.object({
  to_mobile: z.string({ error: PHONE_REQUIRED }).trim().min(1, { error: PHONE_REQUIRED }).regex(PHONE_PATTERN, { error: PHONE_INVALID }),
  amount: yuanAmountSchema,
  pay_password: z.string().max(32).nullish(),
});

const transferResultSchema = z.strictObject({
  transfer_no: z.string(),
  amount: z.string(),
  amount_fen: z.number().int().positive(),
  balance: z.string(),
  balance_fen: z.number().int().nonnegative(),
  to_mobile: z.string(),
  to_nickname: z.string(),
  created_at: z.string(),
});

export const withdrawCancelBodySchema = z.object({
  // withdrawals.withdraw_no is varchar(32).
  withdraw_no: z.string().trim().min(1).max(32),
});

/** Query of GET account/withdrawList: the page and page size of the other money lists. */
export const withdrawListQuerySchema = fundsQuerySchema.omit({ direction: true });
export type WithdrawListQuery = z.output<typeof withdrawListQuerySchema>;

/** Body of POST account/goldTask. */
export const goldTaskBodySchema = z.object({
  key: z.string({ error: MSG_UNKNOWN_TASK }).refine(isGoldTaskKey, { error: MSG_UNKNOWN_TASK }),
});

/** Body of POST vip/subscribe. */
export const subscribeBodySchema = z.object({ plan_id: bodyIdSchema });
export type SubscribeBody = z.output<typeof subscribeBodySchema>;

// ---------------------------------------------------------------------------------------------
// answers

const rowId = z.number().int().positive();
const fen = z.number().int();
/** Yuan as text, "12.50". */
const yuan = z.string();
/** ISO 8601. */
const isoTime = z.string();

/** spec §3 walletsInfo. */
export const walletInfoSchema = z.strictObject({
  balance: yuan,
  balance_fen: fen,
  frozen: yuan,
  frozen_fen: fen,
  vip_status: z.literal([0, 1]),
  vip_expires_at: isoTime.nullable(),
  gold_coins: z.number().int(),
});

/** One balance change (资金明细). */
export const ledgerEntrySchema = z.strictObject({
  id: rowId,
  kind: z.enum(LEDGER_KINDS),
  kind_text: z.string(),
  /** Signed: "+100.00", "-12.50". */
  amount: yuan,
  amount_fen: fen,
  balance_after: yuan,
  balance_after_fen: fen,
  ref_no: z.string(),
  created_at: isoTime,
});

const redPacketStatuses = Object.values(RED_PACKET_STATUS) as [1 | 2 | 3, ...(1 | 2 | 3)[]];

/** One envelope of GET account/redPackets: couponsInfo in yuan strings. */
export const redPacketSchema = z.strictObject({
  id: rowId,
  name: z.string(),
  status: z.literal(redPacketStatuses),
  received_at: isoTime,
  expires_at: isoTime,
  couponsInfo: z.strictObject({
    id: rowId,
    type: z.number().int(),
    min_order_amount: yuan,
    discount_percentage: z.number().int().nullable(),
    max_discount_amount: yuan.nullable(),
    discount_amount: yuan.nullable(),
  }),
});

export const alipayAccountSchema = z.strictObject({
  /** 138****0001 / a***@example.com */
  account_masked: z.string(),
  real_name: z.string(),
});

export const withdrawalSchema = z.strictObject({
  withdraw_no: z.string(),
  amount: yuan,
  amount_fen: fen,
  account_masked: z.string(),
  status: z.enum(['pending', 'done', 'cancelled', 'review', 'refused', 'paying', 'failed']),
  status_text: z.string(),
  created_at: isoTime,
  finished_at: isoTime.nullable(),
  refuse_reason: z.string().nullable(),
});

const goldTaskKeys = GOLD_TASKS.map((task) => task.key) as [string, ...string[]];

export const goldOverviewSchema = z.strictObject({
  coins: z.number().int().nonnegative(),
  signed_today: z.boolean(),
  sign_in_coins: z.number().int(),
  exchange_coins: z.number().int(),
  /** What one exchange gives, e.g. "1.00" yuan red envelope. */
  exchange_red_packet: yuan,
  exchanges_left_today: z.number().int().nonnegative(),
  tasks: z.array(
    z.strictObject({
      key: z.enum(goldTaskKeys),
      name: z.string(),
      coins: z.number().int(),
      done: z.boolean(),
      claimed: z.boolean(),
    }),
  ),
  history: z.array(
    z.strictObject({
      id: rowId,
      kind_text: z.string(),
      /** Signed coins. */
      amount: z.number().int(),
      created_at: isoTime,
    }),
  ),
});

export const exchangeCodeRedemptionSchema = z.strictObject({
  reward_kind: z.enum(EXCHANGE_REWARD_KINDS),
  message: z.string(),
  red_packet: redPacketSchema.nullable(),
  gold_coins: z.number().int().nullable(),
  coins_balance: z.number().int().nullable(),
});

export const vipPlansSchema = z.strictObject({
  plans: z.array(
    z.strictObject({
      id: rowId,
      name: z.string(),
      days: z.number().int().positive(),
      price: yuan,
      price_fen: fen,
      original_price: yuan,
      original_price_fen: fen,
    }),
  ),
  vip_status: z.literal([0, 1]),
  vip_expires_at: isoTime.nullable(),
});

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const WALLET_WIRE = {
  wallets: wire(WALLET_ROUTES.wallets, { input: noInputSchema, answer: z.strictObject({ walletsInfo: walletInfoSchema }) }),
  funds: wire(WALLET_ROUTES.funds, { input: fundsQuerySchema, answer: pageSchema(ledgerEntrySchema) }),
  redPackets: wire(WALLET_ROUTES.redPackets, { input: redPacketsQuerySchema, answer: pageSchema(redPacketSchema) }),
  alipayAccount: wire(WALLET_ROUTES.alipayAccount, { input: noInputSchema, answer: z.strictObject({ account: alipayAccountSchema.nullable() }) }),
  bindAlipayAccount: wire(WALLET_ROUTES.bindAlipayAccount, { input: alipayAccountBodySchema, answer: z.strictObject({ account: alipayAccountSchema }) }),
  withdraw: wire(WALLET_ROUTES.withdraw, { input: withdrawRequestSchema, answer: withdrawalSchema }),
  transfer: wire(WALLET_ROUTES.transfer, { input: transferBodySchema, answer: transferResultSchema }),
  withdrawals: wire(WALLET_ROUTES.withdrawals, { input: withdrawListQuerySchema, answer: pageSchema(withdrawalSchema) }),
  cancelWithdrawal: wire(WALLET_ROUTES.cancelWithdrawal, { input: withdrawCancelBodySchema, answer: withdrawalSchema }),
  gold: wire(WALLET_ROUTES.gold, { input: noInputSchema, answer: goldOverviewSchema }),
  // The browser sent `{}`; the server never read it.
  signIn: wire(WALLET_ROUTES.signIn, { input: noInputSchema, answer: goldOverviewSchema, body: 'none' }),
  claimGoldTask: wire(WALLET_ROUTES.claimGoldTask, { input: goldTaskBodySchema, answer: goldOverviewSchema }),
  // The browser sent `{}`; the server never read it.
  exchangeGold: wire(WALLET_ROUTES.exchangeGold, { input: noInputSchema, answer: goldOverviewSchema, body: 'none' }),
  redeemExchangeCode: wire(WALLET_ROUTES.redeemExchangeCode, { input: exchangeCodeBodySchema, answer: exchangeCodeRedemptionSchema }),
  vipPlans: wire(WALLET_ROUTES.vipPlans, { input: noInputSchema, answer: vipPlansSchema }),
  subscribeVip: wire(WALLET_ROUTES.subscribeVip, { input: subscribeBodySchema, answer: orderViewSchema }),
};
