/**
 * Withdrawals to an Alipay account (spec §7 account "withdraw create/list/cancel, alipay account").
 *
 * A withdrawal moves its amount from the balance into frozen_fen (one ledger row, kind
 * 'withdraw'); cancelling moves it back (kind 'withdraw_cancel'); the payout (payouts.ts) claims it
 * (status paying), and its outcome takes the amount out of frozen_fen for good (done) or gives it
 * back (failed, kind 'withdraw_fail'). The status change and the money move are always in one
 * transaction, and each guards on the status it leaves, so a cancel racing the payout's claim has
 * exactly one winner.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { WITHDRAW_MAX_FEN, WITHDRAW_MIN_FEN, WITHDRAW_PENDING_MAX } from '~/features/wallet/constants';
import { type AlipayAccount, type Page, type Withdrawal } from '~/features/wallet/contract/money';
import { fenToYuan, fenToYuanShort } from '~/platform/rules/money';
import { needsReview } from '~/features/wallet/rules/withdrawal-review';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { alipayAccounts, wallets, withdrawals, type WithdrawalStatus } from '~/platform/db/schema';
import { badRequest, conflict, notFound } from '~/platform/http/errors';
import { newNumber } from '~/features/orders/server';
import { maskEmail, maskMobile, oldContactsOf, realNameRequired, recordSecurityChange, requireRealName, requireRecentIdentity, sendSecurityNotices } from '~/features/account/server';
import { readSetting } from '~/features/content/server';
import { changeBalance, ensureWallet } from '~/features/wallet/server/wallet';
import { MSG_ALIPAY_NAME_MISMATCH, type AlipayAccountBody, type WithdrawListQuery } from '~/features/wallet/wire';

// The request schemas and their messages live with the routes (wire.ts).
export { MSG_ALIPAY_NAME_MISMATCH, MSG_BAD_ALIPAY_ACCOUNT, type AlipayAccountBody, type WithdrawListQuery } from '~/features/wallet/wire';

export const MSG_NO_ALIPAY_ACCOUNT = '请先绑定支付宝账户';
export const MSG_WITHDRAW_TOO_SMALL = `提现金额最少¥${fenToYuanShort(WITHDRAW_MIN_FEN)}`;
export const MSG_WITHDRAW_TOO_LARGE = `单次提现最多¥${fenToYuanShort(WITHDRAW_MAX_FEN)}`;
export const MSG_TOO_MANY_PENDING = `处理中的提现不能超过${WITHDRAW_PENDING_MAX}笔`;
export const MSG_WITHDRAWAL_NOT_FOUND = '提现记录不存在';
export const MSG_WITHDRAWAL_FINISHED = '该提现已处理，无法取消';

export const WITHDRAWAL_STATUS_TEXT: Readonly<Record<WithdrawalStatus, string>> = {
  pending: '处理中',
  done: '已到账',
  cancelled: '已取消',
  review: '审核中',
  refused: '已拒绝',
  paying: '打款中',
  failed: '打款失败',
};

/** Statuses the user may still cancel in (the money is theirs until the payout claims it). */
const OPEN_STATUSES: readonly WithdrawalStatus[] = ['pending', 'review'];
/** Statuses that count against WITHDRAW_PENDING_MAX: their amount is still frozen. */
const IN_FLIGHT_STATUSES: readonly WithdrawalStatus[] = ['pending', 'review', 'paying'];

// ---------------------------------------------------------------------------------------------
// the Alipay account

/** 13800000001 → 138****0001; alice@example.com → a***@example.com. */
export function maskAlipayAccount(account: string): string {
  return (account.includes('@') ? maskEmail(account) : maskMobile(account)) ?? '';
}

function reshapeAlipayAccount(row: { account: string; realName: string }): AlipayAccount {
  return { account_masked: maskAlipayAccount(row.account), real_name: row.realName };
}

export async function getAlipayAccount(db: DbOrTx, userId: number): Promise<{ account: AlipayAccount | null }> {
  const [row] = await db
    .select({ account: alipayAccounts.account, realName: alipayAccounts.realName })
    .from(alipayAccounts)
    .where(eq(alipayAccounts.userId, userId));
  return { account: row ? reshapeAlipayAccount(row) : null };
}

/**
 * The user's verified real name, or 403 code 1003 请先完成实名认证 (a name is needed to match the
 * Alipay account). The endpoint asks before reading the body, so an unverified user is told that
 * first, not about the form.
 */
export async function requireVerifiedName(db: DbOrTx, userId: number): Promise<string> {
  const name = await requireRealName(db, userId);
  if (!name) throw realNameRequired();
  return name;
}

/**
 * Binds or replaces the user's Alipay account. Only a real-name verified user may (403 code 1003),
 * only to an account in their own verified name, so money never leaves for someone else, and only
 * within this session's re-authentication window (403 CODE_REAUTH_REQUIRED; account/server/reauth.ts).
 * The other sessions are signed out and the user is told on the old channels.
 */
export async function bindAlipayAccount(db: Db, userId: number, keepTokenId: number, input: AlipayAccountBody, now: Date): Promise<{ account: AlipayAccount }> {
  const verifiedName = await requireVerifiedName(db, userId);
  if (input.real_name !== verifiedName) throw badRequest(MSG_ALIPAY_NAME_MISMATCH);
  await requireRecentIdentity(db, userId, keepTokenId, now);
  const values = { account: input.account, realName: input.real_name, updatedAt: now };
  await db.transaction(async (tx) => {
    await tx
      .insert(alipayAccounts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: alipayAccounts.userId, set: values });
    await recordSecurityChange(tx, userId, keepTokenId, 'payout_account', now);
  });
  await sendSecurityNotices(db, await oldContactsOf(db, userId), 'payout_account', now);
  return { account: reshapeAlipayAccount(values) };
}

// ---------------------------------------------------------------------------------------------
// withdrawals

type WithdrawalRow = typeof withdrawals.$inferSelect;

export function reshapeWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    withdraw_no: row.withdrawNo,
    amount: fenToYuan(row.amountFen),
    amount_fen: row.amountFen,
    account_masked: maskAlipayAccount(row.account),
    status: row.status,
    status_text: WITHDRAWAL_STATUS_TEXT[row.status],
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    refuse_reason: row.status === 'refused' || row.status === 'failed' ? row.refuseReason : null,
  };
}

/**
 * POST account/withdraw, inside the caller's transaction (so an idempotency wrapper can hold the
 * same one). The wallet row is locked first: it serialises this user's withdrawals, so two
 * requests at once cannot both pass the pending limit. A balance that does not cover the amount
 * is changeBalance's 409 code 1005 and the transaction rolls back with nothing written.
 */
export async function createWithdrawal(tx: DbTx, userId: number, amountFen: number, now: Date): Promise<Withdrawal> {
  const [account] = await tx
    .select({ account: alipayAccounts.account, realName: alipayAccounts.realName })
    .from(alipayAccounts)
    .where(eq(alipayAccounts.userId, userId));
  if (!account) throw badRequest(MSG_NO_ALIPAY_ACCOUNT);
  if (amountFen < WITHDRAW_MIN_FEN) throw badRequest(MSG_WITHDRAW_TOO_SMALL);
  if (amountFen > WITHDRAW_MAX_FEN) throw badRequest(MSG_WITHDRAW_TOO_LARGE);

  await ensureWallet(tx, userId);
  await tx.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.userId, userId)).for('update');
  const [pending] = await tx
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, IN_FLIGHT_STATUSES)));
  if ((pending?.n ?? 0) >= WITHDRAW_PENDING_MAX) throw conflict(MSG_TOO_MANY_PENDING);

  const review = await readSetting(tx, 'withdrawal.review');
  const status: WithdrawalStatus = needsReview(review, amountFen) ? 'review' : 'pending';
  const withdrawNo = newNumber('withdrawal', now);
  const [row] = await tx
    .insert(withdrawals)
    .values({ withdrawNo, userId, amountFen, account: account.account, realName: account.realName, status, createdAt: now })
    .returning();
  await changeBalance(tx, { userId, kind: 'withdraw', amountFen: -amountFen, refNo: withdrawNo, frozenDeltaFen: amountFen });
  return reshapeWithdrawal(row!);
}

export async function listWithdrawals(db: DbOrTx, userId: number, query: WithdrawListQuery): Promise<Page<Withdrawal>> {
  const where = eq(withdrawals.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { list: rows.map(reshapeWithdrawal), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/**
 * POST account/withdrawCancel. Another user's number answers the same 404 as an unknown one. The
 * update is guarded by the status being open (pending, or review: the money is still the user's
 * until an operator pays it): if the payout's claim or an operator took the row first (they hold
 * the row lock), this update finds nothing once that commits and the cancel is refused; a
 * withdrawal being paid (paying) is answered the same 409.
 */
export async function cancelWithdrawal(db: Db, userId: number, withdrawNo: string, now: Date): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(and(eq(withdrawals.withdrawNo, withdrawNo), eq(withdrawals.userId, userId)));
    if (!own) throw notFound(MSG_WITHDRAWAL_NOT_FOUND);
    if (!OPEN_STATUSES.includes(own.status)) throw conflict(MSG_WITHDRAWAL_FINISHED);
    const [row] = await tx
      .update(withdrawals)
      .set({ status: 'cancelled', finishedAt: now })
      .where(and(eq(withdrawals.withdrawNo, withdrawNo), eq(withdrawals.userId, userId), inArray(withdrawals.status, OPEN_STATUSES)))
      .returning();
    if (!row) throw conflict(MSG_WITHDRAWAL_FINISHED);
    await changeBalance(tx, { userId, kind: 'withdraw_cancel', amountFen: row.amountFen, refNo: row.withdrawNo, frozenDeltaFen: -row.amountFen });
    return reshapeWithdrawal(row);
  });
}
