/**
 * Wallets and the ledger ("every balance change is one ledger row; the balance always
 * equals the ledger's sum and is never negative").
 *
 * A balance changes only through `changeBalance`, which updates the wallet row (its row lock
 * serialises concurrent changes of one user) and writes the ledger row with the balance after,
 * in the caller's transaction. A debit that would go below zero changes nothing and throws 409
 * 余额不足; the wallets_balance_check constraint backs this up. (kind, ref_no) is unique, so the
 * same order is paid, refunded or credited at most once, whatever retries arrive.
 */
import { and, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { MONEY_CODES, type LedgerEntry, type Page, type WalletInfo } from '~/features/wallet/contract/money';
import { fenToYuan } from '~/platform/rules/money';
import type { DbOrTx, DbTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { walletLedger, wallets, type LedgerKind } from '~/platform/db/schema';
import { AppError, conflict } from '~/platform/http/errors';
import type { FundsQuery } from '~/features/wallet/wire';

export const MSG_INSUFFICIENT_BALANCE = '余额不足，请先充值或选择其他支付方式';
export const MSG_ALREADY_RECORDED = '该笔资金已处理';
// The request schemas live with the routes (wire.ts); the order services read the money field from here.
export { MSG_BAD_AMOUNT, yuanAmountSchema, fundsQuerySchema, type FundsQuery } from '~/features/wallet/wire';

/** 资金明细 type names. */
export const LEDGER_KIND_TEXT: Readonly<Record<LedgerKind, string>> = {
  demo_credit: '体验金',
  recharge: '充值',
  order_pay: '租号支付',
  renew_pay: '续租支付',
  vip_pay: '开通VIP',
  hafu_charge: '哈夫币预充',
  order_refund: '取消订单退款',
  deposit_return: '押金退还',
  hafu_refund: '哈夫币退还',
  pay_surplus: '支付退回余额',
  withdraw: '提现',
  withdraw_cancel: '提现取消退回',
  earning_release: '租金收入',
  complaint_refund: '投诉退款',
  refund_clawback: '投诉退款扣回',
  complaint_penalty: '投诉处罚',
  ops_adjust: '平台调账',
  withdraw_refuse: '提现未通过退回',
  withdraw_fail: '提现打款失败退回',
  deactivation_forfeit: '注销放弃余额',
  hafu_settle: '哈夫币结算收入',
  login_failure_comp: '无法登录赔付',
  login_failure_comp_back: '无法登录赔付撤回',
  penalty_return: '处罚撤销退回',
  transfer_out: '转账转出',
  transfer_in: '转账转入',
};

/** The wallet row of a user, created empty on first use. */
export async function ensureWallet(db: DbOrTx, userId: number): Promise<void> {
  await db.insert(wallets).values({ userId }).onConflictDoNothing();
}

/**
 * Locks the wallet rows of `userIds` (created if missing) in user-id order and answers their
 * balances. Money paths that move between two wallets take them this way, so two of them never
 * wait on each other in opposite orders.
 */
export async function lockWallets(tx: DbTx, userIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  for (const id of ids) await ensureWallet(tx, id);
  const rows = await tx
    .select({ userId: wallets.userId, balanceFen: wallets.balanceFen })
    .from(wallets)
    .where(inArray(wallets.userId, ids))
    .orderBy(wallets.userId)
    .for('update');
  return new Map(rows.map((row) => [row.userId, row.balanceFen]));
}

export interface BalanceChange {
  userId: number;
  kind: LedgerKind;
  /** Signed fen: positive credits, negative debits; never 0. */
  amountFen: number;
  /** The order, recharge or withdrawal number it belongs to. */
  refNo: string;
  /** Also move money into (positive) or out of (negative) frozen_fen (withdrawals). */
  frozenDeltaFen?: number;
}

/**
 * Applies one balance change inside `tx` and returns the balance after it. Throws 409 code 1005
 * for a debit beyond the balance, and 409 该笔资金已处理 when (kind, ref_no) is already in the
 * ledger (the transaction must then roll back: the wallet update already ran).
 */
export async function changeBalance(tx: DbTx, change: BalanceChange): Promise<number> {
  const { userId, kind, amountFen, refNo } = change;
  if (!Number.isSafeInteger(amountFen) || amountFen === 0) throw new RangeError(`ledger amount must be a non-zero integer: ${amountFen}`);
  const frozenDelta = change.frozenDeltaFen ?? 0;
  const move = () =>
    tx
      .update(wallets)
      .set({
        balanceFen: sql`${wallets.balanceFen} + ${amountFen}`,
        frozenFen: sql`${wallets.frozenFen} + ${frozenDelta}`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(wallets.userId, userId), sql`${wallets.balanceFen} + ${amountFen} >= 0`, sql`${wallets.frozenFen} + ${frozenDelta} >= 0`))
      .returning({ balanceFen: wallets.balanceFen });
  let [row] = await move();
  // A wallet is created on first use: only a change that found no row pays for the insert
  // (issue 27, one statement less on every money path) and tries once more, whether the row is
  // new or another transaction created it meanwhile (its insert waited for that one's commit).
  if (!row) {
    await ensureWallet(tx, userId);
    [row] = await move();
  }
  if (!row) throw new AppError(MONEY_CODES.insufficientBalance, MSG_INSUFFICIENT_BALANCE, 409);
  try {
    await tx.insert(walletLedger).values({ userId, kind, amountFen, balanceAfterFen: row.balanceFen, refNo });
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) throw conflict(MSG_ALREADY_RECORDED, { cause: error });
    throw error;
  }
  return row.balanceFen;
}

/** Whether (kind, refNo) is already in the ledger: lets a retry skip work done before. */
export async function isRecorded(db: DbOrTx, kind: LedgerKind, refNo: string): Promise<boolean> {
  const [row] = await db.select({ id: walletLedger.id }).from(walletLedger).where(and(eq(walletLedger.kind, kind), eq(walletLedger.refNo, refNo))).limit(1);
  return row !== undefined;
}

export interface WalletRow {
  balanceFen: number;
  frozenFen: number;
  goldCoins: number;
  vipExpiresAt: Date | null;
}

export async function readWallet(db: DbOrTx, userId: number): Promise<WalletRow> {
  const [row] = await db
    .select({ balanceFen: wallets.balanceFen, frozenFen: wallets.frozenFen, goldCoins: wallets.goldCoins, vipExpiresAt: wallets.vipExpiresAt })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row ?? { balanceFen: 0, frozenFen: 0, goldCoins: 0, vipExpiresAt: null };
}

/** spec §6/§9: VIP while the plan runs. */
export function isVipAt(vipExpiresAt: Date | null, now: Date): boolean {
  return vipExpiresAt !== null && vipExpiresAt.getTime() > now.getTime();
}

/** spec §3 walletsInfo. */
export async function getWalletInfo(db: DbOrTx, userId: number, now: Date): Promise<WalletInfo> {
  const wallet = await readWallet(db, userId);
  const vip = isVipAt(wallet.vipExpiresAt, now);
  return {
    balance: fenToYuan(wallet.balanceFen),
    balance_fen: wallet.balanceFen,
    frozen: fenToYuan(wallet.frozenFen),
    frozen_fen: wallet.frozenFen,
    vip_status: vip ? 1 : 0,
    vip_expires_at: vip ? wallet.vipExpiresAt!.toISOString() : null,
    gold_coins: wallet.goldCoins,
  };
}

// ---------------------------------------------------------------------------------------------
// 资金明细

function signedYuan(fen: number): string {
  return fen > 0 ? `+${fenToYuan(fen)}` : fenToYuan(fen);
}

export async function listFunds(db: DbOrTx, userId: number, query: FundsQuery): Promise<Page<LedgerEntry>> {
  const filters: SQL[] = [eq(walletLedger.userId, userId)];
  if (query.direction === 'in') filters.push(gt(walletLedger.amountFen, 0));
  if (query.direction === 'out') filters.push(lt(walletLedger.amountFen, 0));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(walletLedger)
      .where(where)
      .orderBy(desc(walletLedger.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(walletLedger).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      kind_text: LEDGER_KIND_TEXT[row.kind],
      amount: signedYuan(row.amountFen),
      amount_fen: row.amountFen,
      balance_after: fenToYuan(row.balanceAfterFen),
      balance_after_fen: row.balanceAfterFen,
      ref_no: row.refNo,
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The ledger's sum for a user: equals wallets.balance_fen at every commit (tests and the fault test read it). */
export async function ledgerSum(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${walletLedger.amountFen}), 0)` })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId));
  return Number(row?.sum ?? 0);
}
