/**
 * Paying withdrawals out through the payout provider (docs/decisions.md "Payouts";
 * platform/providers/payout). A withdrawal is paid at most once and its state survives a crash:
 *
 *   claim    one transaction moves the withdrawal to `paying` under a guard on its status and
 *            inserts its payout_attempts row (state `sending`, out_biz_no = the withdrawal number);
 *   send     after COMMIT, outside any transaction, a guarded UPDATE marks the fresh attempt sent
 *            (only one caller wins it), then the provider is called: no row lock or connection is
 *            held while the network is slow;
 *   record   a second transaction, guarded on the attempt still being open, writes the outcome:
 *            success → withdrawal done, the amount leaves frozen_fen, the user is told;
 *            failed  → withdrawal failed, the amount back in the balance (ledger withdraw_fail),
 *                      the user is told why;
 *            unknown → stays `paying`, the attempt is queried later with back-off.
 *   recover  the sweep leases open attempts that are due (unknown, or `sending` past
 *            PAYOUT_SENDING_TIMEOUT_MS: a crash between sending and recording) and queries the
 *            provider; a transfer it does not know, sent long enough ago, is sent again with the
 *            SAME out_biz_no, which the provider treats idempotently.
 *
 * Who claims: the money sweep (every process; FOR UPDATE SKIP LOCKED) claims pending withdrawals
 * older than WITHDRAW_PAYOUT_DELAY_MS; an approved 打款 claims the reviewed one in the approval
 * transaction (ops-withdrawals.ts) and the approver's request sends it after COMMIT.
 */
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { PAYOUT_CLAIM_BATCH, PAYOUT_QUERY_LEASE_MS, PAYOUT_SENDING_TIMEOUT_MS, PAYOUT_TITLE, WITHDRAW_PAYOUT_DELAY_MS } from '~/features/wallet/constants';
import { mayResend, payoutQueryDelayMs } from '~/features/wallet/rules/payout';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { payoutAttempts, wallets, withdrawals } from '~/platform/db/schema';
import { conflict } from '~/platform/http/errors';
import { log } from '~/platform/config/log';
import { payoutProvider, type PayoutOutcome, type PayoutProvider } from '~/platform/providers/payout';
import { notifyWithdrawalFailed, notifyWithdrawalPaid } from '~/features/notifications/server';
import { changeBalance } from '~/features/wallet/server/wallet';
import { WITHDRAWAL_STATUS_TEXT } from '~/features/wallet/server/withdrawals';

export const MSG_PAYOUT_UNAVAILABLE = '打款通道未配置，暂时无法打款';

type AttemptRow = typeof payoutAttempts.$inferSelect;
const OPEN_STATES = ['sending', 'unknown'] as const;

/** What one send or recovery ended in; null: another caller had it. */
export type PayoutResult = 'succeeded' | 'failed' | 'unknown' | null;

const later = (now: Date, ms: number): Date => new Date(now.getTime() + ms);

/** The provider payouts go to, for a claim inside a transaction: 409 when none may pay (production without a live one). */
export function requirePayoutProvider(): PayoutProvider {
  const provider = payoutProvider();
  if (!provider) throw conflict(MSG_PAYOUT_UNAVAILABLE);
  return provider;
}

/**
 * The claim's second half, inside the caller's transaction, after the caller moved the withdrawal
 * to `paying` under its own guard: the attempt row, not sent yet. Its next_query_at is the sending
 * timeout: if nobody sends it (a crash right after COMMIT), the sweep's recovery finds it then.
 */
export async function insertPayoutAttempt(tx: DbTx, withdrawNo: string, provider: string, now: Date): Promise<void> {
  await tx.insert(payoutAttempts).values({ withdrawNo, outBizNo: withdrawNo, provider, state: 'sending', attempts: 0, createdAt: now, nextQueryAt: later(now, PAYOUT_SENDING_TIMEOUT_MS) });
}

/** The sweep's claim of up to a batch of due pending withdrawals; answers their numbers. */
async function claimDuePending(db: Db, provider: PayoutProvider, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - WITHDRAW_PAYOUT_DELAY_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: withdrawals.id, withdrawNo: withdrawals.withdrawNo })
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'pending'), lt(withdrawals.createdAt, cutoff)))
      .orderBy(withdrawals.createdAt)
      .limit(PAYOUT_CLAIM_BATCH)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await tx.update(withdrawals).set({ status: 'paying' }).where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'pending')));
      await insertPayoutAttempt(tx, row.withdrawNo, provider.provider, now);
    }
    return due.map((row) => row.withdrawNo);
  });
}

/** Calls the provider for `attempt` (already marked sent) and records what it answered. */
async function transferAndRecord(db: Db, provider: PayoutProvider, attempt: AttemptRow, now: Date): Promise<PayoutResult> {
  const [withdrawal] = await db
    .select({ amountFen: withdrawals.amountFen, account: withdrawals.account, realName: withdrawals.realName })
    .from(withdrawals)
    .where(eq(withdrawals.withdrawNo, attempt.withdrawNo));
  if (!withdrawal) return null;
  const outcome = await provider.transfer({ outBizNo: attempt.outBizNo, amountFen: withdrawal.amountFen, account: withdrawal.account, realName: withdrawal.realName, title: PAYOUT_TITLE });
  return recordPayoutOutcome(db, attempt.id, outcome, now);
}

/**
 * Sends a freshly claimed withdrawal: the guarded UPDATE (attempts = 0) lets exactly one caller
 * through, so the approver's request and a sweep never both send it.
 */
async function sendClaimed(db: Db, provider: PayoutProvider, withdrawNo: string, now: Date): Promise<PayoutResult> {
  const [attempt] = await db
    .update(payoutAttempts)
    .set({ attempts: 1, sentAt: now, nextQueryAt: later(now, PAYOUT_SENDING_TIMEOUT_MS) })
    .where(and(eq(payoutAttempts.withdrawNo, withdrawNo), eq(payoutAttempts.state, 'sending'), eq(payoutAttempts.attempts, 0), eq(payoutAttempts.provider, provider.provider)))
    .returning();
  if (!attempt) return null;
  return transferAndRecord(db, provider, attempt, now);
}

/**
 * Writes an outcome once: the attempt must still be open (whoever records first wins; a late
 * answer for a finished attempt changes nothing). Final outcomes close the withdrawal with its
 * money in the same transaction.
 */
export async function recordPayoutOutcome(db: Db, attemptId: number, outcome: PayoutOutcome, now: Date): Promise<PayoutResult> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(payoutAttempts)
      .where(and(eq(payoutAttempts.id, attemptId), inArray(payoutAttempts.state, OPEN_STATES)))
      .for('update');
    if (!attempt) return null;
    if (outcome.kind === 'unknown') {
      await tx
        .update(payoutAttempts)
        .set({ state: 'unknown', lastError: outcome.detail, nextQueryAt: later(now, payoutQueryDelayMs(attempt.queries)) })
        .where(eq(payoutAttempts.id, attempt.id));
      return 'unknown';
    }
    const paid = outcome.kind === 'success';
    const [withdrawal] = await tx
      .update(withdrawals)
      .set({ status: paid ? 'done' : 'failed', finishedAt: now, ...(paid ? {} : { refuseReason: outcome.reason }) })
      .where(and(eq(withdrawals.withdrawNo, attempt.withdrawNo), eq(withdrawals.status, 'paying')))
      .returning();
    // The claim set it paying and only this guarded transaction moves it on.
    if (!withdrawal) throw new Error(`withdrawal ${attempt.withdrawNo} has an open payout but is not paying`);
    if (paid) {
      await tx.update(payoutAttempts).set({ state: 'succeeded', providerOrderId: outcome.providerOrderId, finishedAt: now }).where(eq(payoutAttempts.id, attempt.id));
      // Frozen money already left the balance (the 'withdraw' ledger row): paying it out writes no ledger row.
      await tx
        .update(wallets)
        .set({ frozenFen: sql`${wallets.frozenFen} - ${withdrawal.amountFen}`, updatedAt: now })
        .where(eq(wallets.userId, withdrawal.userId));
      await notifyWithdrawalPaid(tx, withdrawal, now);
      return 'succeeded';
    }
    await tx.update(payoutAttempts).set({ state: 'failed', failReason: outcome.reason, lastError: outcome.detail, finishedAt: now }).where(eq(payoutAttempts.id, attempt.id));
    await changeBalance(tx, { userId: withdrawal.userId, kind: 'withdraw_fail', amountFen: withdrawal.amountFen, refNo: withdrawal.withdrawNo, frozenDeltaFen: -withdrawal.amountFen });
    await notifyWithdrawalFailed(tx, withdrawal, outcome.reason, now);
    return 'failed';
  });
}

/** Leases up to a batch of open attempts that are due: next_query_at moves a lease ahead, so other processes skip them. */
async function leaseDueAttempts(db: Db, provider: PayoutProvider, now: Date): Promise<AttemptRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(payoutAttempts)
      .where(and(inArray(payoutAttempts.state, OPEN_STATES), lte(payoutAttempts.nextQueryAt, now), eq(payoutAttempts.provider, provider.provider)))
      .orderBy(payoutAttempts.nextQueryAt)
      .limit(PAYOUT_CLAIM_BATCH)
      .for('update', { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(payoutAttempts)
        .set({ queries: sql`${payoutAttempts.queries} + 1`, nextQueryAt: later(now, PAYOUT_QUERY_LEASE_MS) })
        .where(inArray(payoutAttempts.id, due.map((row) => row.id)));
    }
    return due.map((row) => ({ ...row, queries: row.queries + 1 }));
  });
}

/** Asks the provider about one leased attempt, resending it when the provider never got it. */
async function recoverAttempt(db: Db, provider: PayoutProvider, attempt: AttemptRow, now: Date): Promise<PayoutResult> {
  const lookup = await provider.query(attempt.outBizNo);
  if (lookup.kind !== 'not_found') return recordPayoutOutcome(db, attempt.id, lookup, now);
  if (!mayResend(attempt.sentAt, now)) return recordPayoutOutcome(db, attempt.id, { kind: 'unknown', detail: `not found yet: ${lookup.detail}` }, now);
  // Never arrived: send it again, the same out_biz_no; the guard on attempts lets one caller do it.
  const [again] = await db
    .update(payoutAttempts)
    .set({ attempts: attempt.attempts + 1, sentAt: now, state: 'sending', nextQueryAt: later(now, PAYOUT_SENDING_TIMEOUT_MS) })
    .where(and(eq(payoutAttempts.id, attempt.id), inArray(payoutAttempts.state, OPEN_STATES), eq(payoutAttempts.attempts, attempt.attempts)))
    .returning();
  if (!again) return null;
  return transferAndRecord(db, provider, again, now);
}

export interface PayoutSweep {
  /** Pending withdrawals claimed and sent by this sweep. */
  claimed: number;
  /** Open attempts it queried (or resent). */
  queried: number;
  succeeded: number;
  failed: number;
  unknown: number;
}

/**
 * The money sweep's payout step (every process): claims due pending withdrawals and sends them,
 * then recovers due open attempts. Nothing happens without a provider (production with only the
 * sandbox allowed). One withdrawal's trouble (a database error while recording) is logged and
 * left for the recovery, not thrown at the others.
 */
export async function sweepPayouts(db: Db, now: Date): Promise<PayoutSweep> {
  const sweep: PayoutSweep = { claimed: 0, queried: 0, succeeded: 0, failed: 0, unknown: 0 };
  const provider = payoutProvider();
  if (!provider) return sweep;
  const tally = (result: PayoutResult): void => {
    if (result) sweep[result] += 1;
  };
  for (;;) {
    const claimed = await claimDuePending(db, provider, now);
    sweep.claimed += claimed.length;
    for (const withdrawNo of claimed) tally(await guarded(withdrawNo, () => sendClaimed(db, provider, withdrawNo, now)));
    if (claimed.length < PAYOUT_CLAIM_BATCH) break;
  }
  for (;;) {
    const leased = await leaseDueAttempts(db, provider, now);
    sweep.queried += leased.length;
    for (const attempt of leased) tally(await guarded(attempt.withdrawNo, () => recoverAttempt(db, provider, attempt, now)));
    if (leased.length < PAYOUT_CLAIM_BATCH) break;
  }
  return sweep;
}

async function guarded(withdrawNo: string, step: () => Promise<PayoutResult>): Promise<PayoutResult> {
  try {
    return await step();
  } catch (error) {
    log.warn('payout step failed; the recovery sweep will look at it again', { withdraw_no: withdrawNo, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/**
 * Sends a withdrawal its approver just claimed (after the approval's COMMIT). Never throws: a
 * withdrawal left unsent is the recovery sweep's.
 */
export async function sendClaimedPayout(db: Db, withdrawNo: string, now: Date): Promise<PayoutResult> {
  const provider = payoutProvider();
  if (!provider) return null;
  return guarded(withdrawNo, () => sendClaimed(db, provider, withdrawNo, now));
}

/**
 * Where each of `withdrawNos` stands, as an operator reads it on the approvals screen: 打款中,
 * 已到账, 打款失败：<reason> (the approved 打款's answer shows it).
 */
export async function withdrawalOutcomeTexts(db: DbOrTx, withdrawNos: readonly string[]): Promise<Map<string, string>> {
  if (withdrawNos.length === 0) return new Map();
  const rows = await db
    .select({ withdrawNo: withdrawals.withdrawNo, status: withdrawals.status, reason: withdrawals.refuseReason })
    .from(withdrawals)
    .where(inArray(withdrawals.withdrawNo, [...withdrawNos]));
  return new Map(rows.map((row) => [row.withdrawNo, `提现${WITHDRAWAL_STATUS_TEXT[row.status]}${row.reason && (row.status === 'failed' || row.status === 'refused') ? `：${row.reason}` : ''}`]));
}
