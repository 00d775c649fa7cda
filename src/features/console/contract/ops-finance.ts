/**
 * The wire contract of the console's finance screens: withdrawal review (permission
 * `withdrawals`) and settlement & ledger reports (permission `finance`). Every call is under
 * /api/v1/ops/; the pages read the same services with lenient query parsing, the calls with these
 * strict schemas.
 */
import { z } from 'zod';
import { OPS_PAGE_SIZE, OPS_PAGE_SIZE_MAX } from '~/platform/config/constants';
import { shanghaiDayStart } from '~/platform/rules/shanghai-time';
import { optionalQuery, queryIntSchema } from '~/platform/wire/common';
import { LEDGER_KINDS, type LedgerKind, type Withdrawal } from '~/features/wallet/contract/money';
import { OPS_SEARCH_MAX_CHARS, platformReasonSchema } from '~/features/sellers/contract/ops-sellers';

export const MSG_OPS_WITHDRAWAL_NOT_FOUND = '提现记录不存在';
export const MSG_OPS_WITHDRAWAL_PAY_PENDING = '该提现的打款申请正在等待审批，请先在待审批中驳回或撤回';
export const MSG_OPS_WITHDRAWAL_DECIDED = '该提现已被处理（或已被用户取消），请刷新后查看';
export const MSG_OPS_BAD_DAY = '日期无效，应为YYYY-MM-DD';
export const MSG_OPS_BAD_RANGE = '结束日期不能早于开始日期';

export const OPS_WITHDRAWAL_STATE_FILTERS = ['review', 'all', 'pending', 'paying', 'done', 'failed', 'refused', 'cancelled'] as const;
export type OpsWithdrawalStateFilter = (typeof OPS_WITHDRAWAL_STATE_FILTERS)[number];

const pageParams = {
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, OPS_PAGE_SIZE_MAX)).default(OPS_PAGE_SIZE),
};

const searchParam = optionalQuery(
  z
    .string()
    .trim()
    .max(OPS_SEARCH_MAX_CHARS, { error: `搜索内容不能超过${OPS_SEARCH_MAX_CHARS}个字` })
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: '搜索内容含有无效字符' }),
);

/** A Shanghai calendar day 'YYYY-MM-DD' that exists. */
export const opsDaySchema = z
  .string()
  .trim()
  .refine((value) => shanghaiDayStart(value) !== null, { error: MSG_OPS_BAD_DAY });
const dayParam = optionalQuery(opsDaySchema);

const rangeRefinement = <T extends { from?: string | undefined; to?: string | undefined }>(value: T): boolean =>
  !value.from || !value.to || value.from <= value.to;

// ---------------------------------------------------------------------------------------------
// withdrawal review (permission `withdrawals`)

/** GET ops/withdrawals: the review queue (oldest first) or any state (newest first). */
export const opsWithdrawalsQuerySchema = z
  .object({
    ...pageParams,
    state: optionalQuery(z.enum(OPS_WITHDRAWAL_STATE_FILTERS, { error: '状态无效' })).default('review'),
    /** Username or phone (part of it), or a withdrawal number. */
    q: searchParam,
    /** Shanghai days of the application, inclusive. */
    from: dayParam,
    to: dayParam,
  })
  .refine(rangeRefinement, { error: MSG_OPS_BAD_RANGE });
export type OpsWithdrawalsQuery = z.output<typeof opsWithdrawalsQuerySchema>;

export interface OpsWithdrawalView extends Withdrawal {
  id: number;
  user_id: number;
  username: string;
  /** The user's phone, masked (138****0001), or null. */
  mobile_masked: string | null;
  /** The payee's real name (the account is shown masked, as the user sees it). */
  real_name: string;
  /** The operator who paid or refused it, or null. */
  reviewed_by: string | null;
  /** The payout request waiting for a second operator (maker-checker), or null. */
  approval_id: number | null;
}

export interface OpsWithdrawalsPage {
  list: OpsWithdrawalView[];
  total: number;
  page: number;
  page_size: number;
  /** Withdrawals waiting for review, whatever the filter (the queue's length). */
  review_total: number;
  review_fen: number;
}

/** POST ops/withdrawals/decide: pay it out (the sandbox payout runs now) or refuse it with the reason the user reads. */
export const opsWithdrawalDecideBodySchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ withdraw_no: z.string().trim().min(1).max(32), decision: z.literal('pay') }),
    z.object({ withdraw_no: z.string().trim().min(1).max(32), decision: z.literal('refuse'), reason: platformReasonSchema('拒绝原因') }),
  ],
  { error: '请选择打款或拒绝' },
);
export type OpsWithdrawalDecideBody = z.output<typeof opsWithdrawalDecideBodySchema>;

// ---------------------------------------------------------------------------------------------
// settlement & ledger reports (permission `finance`)

/**
 * GET ops/finance/daily: per Shanghai day totals over [from, to], newest day first, paged; with
 * format=csv the whole range as a CSV download instead.
 */
export const opsFinanceDailyQuerySchema = z
  .object({
    ...pageParams,
    from: dayParam,
    to: dayParam,
    format: optionalQuery(z.enum(['json', 'csv'], { error: '格式无效' })).default('json'),
  })
  .refine(rangeRefinement, { error: MSG_OPS_BAD_RANGE });
export type OpsFinanceDailyQuery = z.output<typeof opsFinanceDailyQuerySchema>;

export interface OpsFinanceDay {
  /** 'YYYY-MM-DD', Shanghai. */
  day: string;
  /** Rental orders paid that day, and their rent (renewals included, as the order stands). */
  rentals: number;
  rent_paid_fen: number;
  /** The platform's commission on the rentals paid that day. */
  commission_fen: number;
  /** Money given back to renters that day (order_refund + complaint_refund ledger rows). */
  refunds_fen: number;
  /** Withdrawals paid out that day. */
  withdrawals_paid: number;
  withdrawals_paid_fen: number;
  /** Earnings credited to sellers that day (earning_release ledger rows). */
  earnings_released_fen: number;
  /** The sellers' share of the rentals paid that day that is still frozen. */
  earnings_held_fen: number;
}

export interface OpsFinanceDailyPage {
  list: OpsFinanceDay[];
  /** Days in the range. */
  total: number;
  page: number;
  page_size: number;
  from: string;
  to: string;
  /** Totals over the whole range (every page). */
  totals: Omit<OpsFinanceDay, 'day'>;
}

export const OPS_LEDGER_KIND_FILTERS = ['all', ...LEDGER_KINDS] as const;

/** GET ops/finance/ledger: wallet ledger rows, newest first (read-only). */
export const opsLedgerQuerySchema = z
  .object({
    ...pageParams,
    /** A user: exact username, phone, or id. */
    user: searchParam,
    kind: optionalQuery(z.enum(OPS_LEDGER_KIND_FILTERS, { error: '类型无效' })).default('all'),
    from: dayParam,
    to: dayParam,
  })
  .refine(rangeRefinement, { error: MSG_OPS_BAD_RANGE });
export type OpsLedgerQuery = z.output<typeof opsLedgerQuerySchema>;

export interface OpsLedgerRowView {
  id: number;
  user_id: number;
  username: string;
  kind: LedgerKind;
  kind_text: string;
  amount_fen: number;
  balance_after_fen: number;
  ref_no: string;
  created_at: string;
}

export interface OpsLedgerPage {
  list: OpsLedgerRowView[];
  total: number;
  page: number;
  page_size: number;
}

/** GET ops/finance/ledger-check: the ledger identity (npm run ledger:check) with its figures. */
export interface OpsLedgerCheckView {
  holds: boolean;
  checked_at: string;
  /** Label, value in fen (or a count), and whether a difference line is off. */
  lines: { label: string; value: number; unit: 'fen' | 'count'; bad: boolean }[];
}
