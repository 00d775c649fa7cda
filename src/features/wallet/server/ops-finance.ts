/**
 * The console's settlement and ledger reports (permission `finance`), all read-only:
 *
 * - the daily report: per Shanghai day over a date range, rentals paid and their rent, the
 *   platform's commission on them, refunds to renters, withdrawals paid out, earnings released and
 *   the part of that day's earnings still held (docs/decisions.md "Withdrawal review and finance
 *   reports" says where each figure comes from);
 * - the ledger search: wallet ledger rows by user, kind and day;
 * - 账目核对: the ledger identity of `npm run ledger:check` (services/settlement.ts ledgerIdentity).
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MS_PER_DAY } from '~/platform/config/constants';
import { FINANCE_REPORT_MAX_DAYS, FINANCE_REPORT_DEFAULT_DAYS } from '~/features/wallet/constants';
import type { OpsFinanceDailyPage, OpsFinanceDailyQuery, OpsFinanceDay, OpsLedgerCheckView, OpsLedgerPage, OpsLedgerQuery } from '~/features/console/contract/ops-finance';
import { formatShanghaiDate, shanghaiDayStart } from '~/platform/rules/shanghai-time';
import type { DbOrTx } from '~/platform/db/client';
import { orders, sellerEarnings, users, walletLedger, withdrawals } from '~/platform/db/schema';
import { badRequest } from '~/platform/http/errors';
import { ledgerIdentity } from '~/features/sellers/server';
import { LEDGER_KIND_TEXT } from '~/features/wallet/server/wallet';
import { dayRange } from '~/features/wallet/server/ops-withdrawals';

export const MSG_FINANCE_RANGE_TOO_LONG = `日期范围不能超过${FINANCE_REPORT_MAX_DAYS}天`;

/** The Shanghai day of a timestamptz column, 'YYYY-MM-DD' (offset arithmetic: no time-zone database needed). */
const dayOf = (column: SQLWrapper): SQL<string> => sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

export interface ReportRange {
  from: string;
  to: string;
  /** Days newest first. */
  days: string[];
}

/**
 * The report's days: [from, to] as given, else the last FINANCE_REPORT_DEFAULT_DAYS days up to
 * today (a missing end is today, a missing start that many days before the end). 400 beyond
 * FINANCE_REPORT_MAX_DAYS days.
 */
export function reportRange(from: string | undefined, to: string | undefined, now: Date): ReportRange {
  const end = to ? shanghaiDayStart(to)! : shanghaiDayStart(formatShanghaiDate(now))!;
  const start = from ? shanghaiDayStart(from)! : new Date(end.getTime() - (FINANCE_REPORT_DEFAULT_DAYS - 1) * MS_PER_DAY);
  const count = Math.round((end.getTime() - start.getTime()) / MS_PER_DAY) + 1;
  if (count > FINANCE_REPORT_MAX_DAYS) throw badRequest(MSG_FINANCE_RANGE_TOO_LONG);
  if (count < 1) throw badRequest('结束日期不能早于开始日期');
  const days: string[] = [];
  for (let i = 0; i < count; i += 1) days.push(formatShanghaiDate(new Date(end.getTime() - i * MS_PER_DAY + 12 * 3_600_000)));
  return { from: days[days.length - 1]!, to: days[0]!, days };
}

const EMPTY_DAY: Omit<OpsFinanceDay, 'day'> = {
  rentals: 0,
  rent_paid_fen: 0,
  commission_fen: 0,
  refunds_fen: 0,
  withdrawals_paid: 0,
  withdrawals_paid_fen: 0,
  earnings_released_fen: 0,
  earnings_held_fen: 0,
};

const REFUND_KINDS = ['order_refund', 'complaint_refund'] as const;

/** Per-day figures over [start, end): five grouped queries, merged by day. */
async function dailyFigures(db: DbOrTx, start: Date, end: Date): Promise<Map<string, Omit<OpsFinanceDay, 'day'>>> {
  const rentDay = dayOf(orders.paidAt);
  const earnDay = dayOf(sellerEarnings.paidAt);
  const ledgerDay = dayOf(walletLedger.createdAt);
  const paidDay = dayOf(withdrawals.finishedAt);
  const [rent, earnings, ledger, paid] = await Promise.all([
    db
      .select({ day: rentDay, n: sql<number>`count(*)::int`, fen: sql<string>`coalesce(sum(${orders.payFen}), 0)` })
      .from(orders)
      .where(and(eq(orders.kind, 'rental'), gte(orders.paidAt, start), lt(orders.paidAt, end)))
      .groupBy(rentDay),
    db
      .select({
        day: earnDay,
        commission: sql<string>`coalesce(sum(${sellerEarnings.commissionFen}), 0)`,
        held: sql<string>`coalesce(sum(${sellerEarnings.sellerFen}) filter (where ${sellerEarnings.status} = 'frozen'), 0)`,
      })
      .from(sellerEarnings)
      .where(and(gte(sellerEarnings.paidAt, start), lt(sellerEarnings.paidAt, end)))
      .groupBy(earnDay),
    db
      .select({
        day: ledgerDay,
        refunds: sql<string>`coalesce(sum(${walletLedger.amountFen}) filter (where ${walletLedger.kind} in ('order_refund', 'complaint_refund')), 0)`,
        released: sql<string>`coalesce(sum(${walletLedger.amountFen}) filter (where ${walletLedger.kind} = 'earning_release'), 0)`,
      })
      .from(walletLedger)
      .where(and(inArray(walletLedger.kind, [...REFUND_KINDS, 'earning_release']), gte(walletLedger.createdAt, start), lt(walletLedger.createdAt, end)))
      .groupBy(ledgerDay),
    db
      .select({ day: paidDay, n: sql<number>`count(*)::int`, fen: sql<string>`coalesce(sum(${withdrawals.amountFen}), 0)` })
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'done'), gte(withdrawals.finishedAt, start), lt(withdrawals.finishedAt, end)))
      .groupBy(paidDay),
  ]);
  const byDay = new Map<string, Omit<OpsFinanceDay, 'day'>>();
  const at = (day: string): Omit<OpsFinanceDay, 'day'> => {
    let entry = byDay.get(day);
    if (!entry) byDay.set(day, (entry = { ...EMPTY_DAY }));
    return entry;
  };
  for (const row of rent) Object.assign(at(row.day), { rentals: Number(row.n), rent_paid_fen: Number(row.fen) });
  for (const row of earnings) Object.assign(at(row.day), { commission_fen: Number(row.commission), earnings_held_fen: Number(row.held) });
  for (const row of ledger) Object.assign(at(row.day), { refunds_fen: Number(row.refunds), earnings_released_fen: Number(row.released) });
  for (const row of paid) Object.assign(at(row.day), { withdrawals_paid: Number(row.n), withdrawals_paid_fen: Number(row.fen) });
  return byDay;
}

/** GET ops/finance/daily: one page of days, newest first, with the totals of the whole range. */
export async function financeDaily(db: DbOrTx, query: Pick<OpsFinanceDailyQuery, 'page' | 'page_size' | 'from' | 'to'>, now: Date): Promise<OpsFinanceDailyPage> {
  const range = reportRange(query.from, query.to, now);
  const { start, end } = dayRange(range.from, range.to);
  const figures = await dailyFigures(db, start!, end!);
  const totals = { ...EMPTY_DAY };
  for (const entry of figures.values()) {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += entry[key];
  }
  const pageDays = range.days.slice((query.page - 1) * query.page_size, query.page * query.page_size);
  return {
    list: pageDays.map((day) => ({ day, ...(figures.get(day) ?? EMPTY_DAY) })),
    total: range.days.length,
    page: query.page,
    page_size: query.page_size,
    from: range.from,
    to: range.to,
    totals,
  };
}

const CSV_COLUMNS: [keyof OpsFinanceDay, string, 'fen' | 'count' | 'text'][] = [
  ['day', '日期', 'text'],
  ['rentals', '租号订单数', 'count'],
  ['rent_paid_fen', '租金实付(元)', 'fen'],
  ['commission_fen', '平台佣金(元)', 'fen'],
  ['refunds_fen', '退款(元)', 'fen'],
  ['withdrawals_paid', '提现笔数', 'count'],
  ['withdrawals_paid_fen', '提现打款(元)', 'fen'],
  ['earnings_released_fen', '收益结算(元)', 'fen'],
  ['earnings_held_fen', '收益冻结(元)', 'fen'],
];

const yuanText = (fen: number): string => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** The daily report of the whole range as CSV (UTF-8 with a BOM so spreadsheet programs read the Chinese headers), oldest day first. */
export async function financeDailyCsv(db: DbOrTx, query: Pick<OpsFinanceDailyQuery, 'from' | 'to'>, now: Date): Promise<{ csv: string; from: string; to: string }> {
  const report = await financeDaily(db, { page: 1, page_size: FINANCE_REPORT_MAX_DAYS, from: query.from, to: query.to }, now);
  const cell = (day: OpsFinanceDay, key: keyof OpsFinanceDay, unit: 'fen' | 'count' | 'text'): string => {
    const value = day[key];
    return unit === 'fen' ? yuanText(value as number) : String(value);
  };
  const lines = [CSV_COLUMNS.map(([, title]) => title).join(',')];
  for (const day of [...report.list].reverse()) lines.push(CSV_COLUMNS.map(([key, , unit]) => cell(day, key, unit)).join(','));
  lines.push(CSV_COLUMNS.map(([key, , unit]) => (key === 'day' ? '合计' : cell({ day: '', ...report.totals }, key, unit))).join(','));
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, from: report.from, to: report.to };
}

// ---------------------------------------------------------------------------------------------
// the ledger search

/** Users a `user` filter names: exact username, exact phone, or an id. */
function userCondition(text: string): SQL {
  const byName = or(eq(users.username, text), eq(users.mobile, text))!;
  return /^\d{1,9}$/.test(text) ? or(byName, eq(walletLedger.userId, Number(text)))! : byName;
}

export async function searchLedger(db: DbOrTx, query: OpsLedgerQuery): Promise<OpsLedgerPage> {
  const where: SQL[] = [];
  if (query.user) where.push(userCondition(query.user));
  if (query.kind !== 'all') where.push(eq(walletLedger.kind, query.kind));
  const { start, end } = dayRange(query.from, query.to);
  if (start) where.push(gte(walletLedger.createdAt, start));
  if (end) where.push(lt(walletLedger.createdAt, end));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ row: walletLedger, username: users.username })
      .from(walletLedger)
      .innerJoin(users, eq(users.id, walletLedger.userId))
      .where(condition)
      .orderBy(desc(walletLedger.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(walletLedger).innerJoin(users, eq(users.id, walletLedger.userId)).where(condition),
  ]);
  return {
    list: rows.map(({ row, username }) => ({
      id: row.id,
      user_id: row.userId,
      username,
      kind: row.kind,
      kind_text: LEDGER_KIND_TEXT[row.kind],
      amount_fen: row.amountFen,
      balance_after_fen: row.balanceAfterFen,
      ref_no: row.refNo,
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(counted?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

// ---------------------------------------------------------------------------------------------
// 账目核对

/** The ledger identity (the SQL of `npm run ledger:check`) as labelled lines. */
export async function runLedgerCheck(db: DbOrTx, now: Date): Promise<OpsLedgerCheckView> {
  const identity = await ledgerIdentity(db);
  const fen = (label: string, value: number, bad = false) => ({ label, value, unit: 'fen' as const, bad });
  const accounted = identity.sellerFen + identity.commissionFen + identity.refundedFen;
  return {
    holds: identity.holds,
    checked_at: now.toISOString(),
    lines: [
      { label: '已支付租号订单', value: identity.orders, unit: 'count', bad: false },
      fen('租客实付租金', identity.rentPaidFen),
      fen('　卖家收益', identity.sellerFen),
      fen('　平台佣金', identity.commissionFen),
      fen('　退还租客', identity.refundedFen),
      fen('　差额（实付 − 收益 − 佣金 − 退款）', identity.rentPaidFen - accounted, identity.rentPaidFen !== accounted),
      { label: '收益记录缺失或不符的订单', value: identity.mismatchedOrders, unit: 'count', bad: identity.mismatchedOrders !== 0 },
      fen('已结算收益', identity.releasedFen),
      fen('　收益结算流水', identity.releasedLedgerFen),
      fen('　差额', identity.releasedFen - identity.releasedLedgerFen, identity.releasedFen !== identity.releasedLedgerFen),
      fen('号主应扣款（投诉处理）', identity.ownerChargesFen),
      fen('　已扣回', identity.ownerCollectedFen),
      fen('　尚欠', identity.ownerChargesFen - identity.ownerCollectedFen),
      fen('　扣回与处罚流水', identity.ownerCollectedLedgerFen),
      fen('　差额', identity.ownerCollectedFen - identity.ownerCollectedLedgerFen, identity.ownerCollectedFen !== identity.ownerCollectedLedgerFen),
      fen('结算后退款中号主承担部分', identity.postReleaseOwnerShareFen),
      fen('　扣回应扣款', identity.clawbackChargesFen),
      fen('　差额', identity.postReleaseOwnerShareFen - identity.clawbackChargesFen, identity.postReleaseOwnerShareFen !== identity.clawbackChargesFen),
      fen('用户转账转出', identity.transferOutFen),
      fen('　转账转入', identity.transferInFen),
      fen('　差额', identity.transferOutFen - identity.transferInFen, identity.transferOutFen !== identity.transferInFen),
      { label: '转账流水不成对的单号', value: identity.unpairedTransfers, unit: 'count', bad: identity.unpairedTransfers !== 0 },
    ],
  };
}
