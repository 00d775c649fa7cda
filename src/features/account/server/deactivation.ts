/**
 * Deregistration (spec §2 unactive_account → unactive_result, §7 account "deactivation
 * check/start/confirm").
 *
 * - check: the facts and the pure rule (features/account/rules/deactivation.ts) say what stands in the way.
 * - start: an SMS code to the user's own phone (the sandbox outbox in the demo), then, in one
 *   transaction: the rule again, the balance given up through the wallet service (a ledger row,
 *   only with explicit consent), a pending request with a 7-day cooling-off, and every session
 *   ended (the user is signed out everywhere).
 * - cooling-off: any sign-in cancels it (cancelPendingDeactivation, called by issueToken for a
 *   session token) and leaves the user a notification saying so.
 * - completion: housekeeping (completeDueDeactivations) anonymises the user row (status
 *   'deleted', which no sign-in accepts), deletes the user's sign-in bindings and personal lists,
 *   and keeps orders, complaints and ledger rows for their history.
 */
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import { DEACTIVATION_COOLING_OFF_DAYS } from '~/features/account/constants';
import { coolingOffEnds, deactivationBlockers } from '~/features/account/rules/deactivation';
import type { DeactivationCheck, DeactivationStatus } from '~/features/account/contract/deactivation';
import type { StartDeactivationInput } from '~/features/account/wire';
import type { Db, DbOrTx } from '~/platform/db/client';
import { alipayAccounts, authTokens, collections, complaints, deactivationRequests, footprints, listingLikes, orders, searchHistory, searchTemplates, thirdPartyIdentities, users, wallets } from '~/platform/db/schema';
import { AppError, badRequest, conflict } from '~/platform/http/errors';
import { notify } from '~/features/notifications/server';
import { checkVerificationCode, sendVerificationCode, type SendCodeAnswer } from '~/features/sign-in/server';
import { changeBalance } from '~/features/wallet/server';

export const MSG_DEACTIVATION_NEEDS_PHONE = '请先绑定手机号，再申请注销';
export const MSG_DEACTIVATION_BLOCKED = '暂不满足注销条件';
export const MSG_DEACTIVATION_PENDING = '注销申请已提交，正在冷静期中';
export const DEACTIVATION_CANCELLED_TITLE = '注销申请已取消';
export const DEACTIVATION_CANCELLED_CONTENT = '您在注销冷静期内重新登录，注销申请已自动取消，账号可继续正常使用。';
/** What an anonymised account is called wherever its old orders are shown. */
export const DEACTIVATED_NICKNAME = '已注销用户';

export type { DeactivationCheck, DeactivationStatus } from '~/features/account/contract/deactivation';
export type { StartDeactivationInput } from '~/features/account/wire';

function maskMobile(mobile: string | null): string | null {
  return mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : null;
}

async function readFacts(db: DbOrTx, userId: number) {
  const [[openRentals], [unpaid], [openComplaints], [wallet], [user]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(and(eq(orders.userId, userId), eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.paid))),
    db.select({ n: count() }).from(orders).where(and(eq(orders.userId, userId), inArray(orders.status, [ORDER_STATUS.unpaid, ORDER_STATUS.paying]))),
    db.select({ n: count() }).from(complaints).where(and(eq(complaints.userId, userId), eq(complaints.status, 1))),
    db.select({ balanceFen: wallets.balanceFen, frozenFen: wallets.frozenFen }).from(wallets).where(eq(wallets.userId, userId)),
    db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    openRentals: Number(openRentals?.n ?? 0),
    unpaidOrders: Number(unpaid?.n ?? 0),
    openComplaints: Number(openComplaints?.n ?? 0),
    balanceFen: Number(wallet?.balanceFen ?? 0),
    frozenFen: Number(wallet?.frozenFen ?? 0),
    mobile: user?.mobile ?? null,
  };
}

export async function getDeactivationStatus(db: DbOrTx, userId: number): Promise<DeactivationStatus> {
  const [row] = await db
    .select()
    .from(deactivationRequests)
    .where(eq(deactivationRequests.userId, userId))
    .orderBy(sql`${deactivationRequests.id} desc`)
    .limit(1);
  if (!row) return { state: 'none', started_at: null, cools_until: null, cancelled_at: null };
  return {
    state: row.state,
    started_at: row.createdAt.toISOString(),
    cools_until: row.coolsUntil.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}

/** GET account/deactivationCheck: what stands in the way (forfeit consent not given yet). */
export async function checkDeactivation(db: DbOrTx, userId: number): Promise<DeactivationCheck> {
  const facts = await readFacts(db, userId);
  const blockers = deactivationBlockers({ ...facts, forfeitConsent: false });
  return {
    // A balance alone is resolved on the form (the consent box), so it does not make ok false.
    ok: blockers.every((blocker) => blocker.key === 'balance'),
    blockers,
    balance_fen: facts.balanceFen,
    frozen_fen: facts.frozenFen,
    mobile_masked: maskMobile(facts.mobile),
    cooling_off_days: DEACTIVATION_COOLING_OFF_DAYS,
    status: await getDeactivationStatus(db, userId),
  };
}

/** POST account/deactivationSms: the code to the user's own phone (rate-limited like every code). */
export async function sendDeactivationCode(db: Db, userId: number, ip: string, now: Date): Promise<SendCodeAnswer> {
  const facts = await readFacts(db, userId);
  if (!facts.mobile) throw badRequest(MSG_DEACTIVATION_NEEDS_PHONE);
  return sendVerificationCode(db, { channel: 'sms', recipient: facts.mobile, action: 'deactivate', ip }, now);
}

/** POST account/deactivationStart: code, rule, forfeit, request and sign-out, all or nothing. */
export async function startDeactivation(db: Db, userId: number, input: StartDeactivationInput, now: Date): Promise<DeactivationStatus> {
  return db.transaction(async (tx) => {
    // The user row locked first, so two starts (or a start and a sign-in) take turns.
    const [user] = await tx.select({ mobile: users.mobile, status: users.status }).from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.status !== 'active') throw badRequest(MSG_DEACTIVATION_BLOCKED);
    if (!user.mobile) throw badRequest(MSG_DEACTIVATION_NEEDS_PHONE);
    const pending = await getDeactivationStatus(tx, userId);
    if (pending.state === 'pending') throw conflict(MSG_DEACTIVATION_PENDING);
    await checkVerificationCode(tx, { channel: 'sms', recipient: user.mobile, action: 'deactivate', code: input.code }, now);
    const facts = await readFacts(tx, userId);
    const blockers = deactivationBlockers({ ...facts, forfeitConsent: input.forfeit_balance });
    if (blockers.length > 0) {
      throw new AppError(1, blockers[0]!.msg, 409, { data: { blockers } });
    }
    const [request] = await tx
      .insert(deactivationRequests)
      .values({ userId, forfeitFen: facts.balanceFen, createdAt: now, coolsUntil: coolingOffEnds(now, DEACTIVATION_COOLING_OFF_DAYS) })
      .returning({ id: deactivationRequests.id });
    if (facts.balanceFen > 0) {
      await changeBalance(tx, { userId, kind: 'deactivation_forfeit', amountFen: -facts.balanceFen, refNo: `DEACT${request!.id}` });
    }
    await tx.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.userId, userId), sql`${authTokens.revokedAt} is null`));
    return getDeactivationStatus(tx, userId);
  });
}

/**
 * Called on every sign-in (issueToken, session tokens): a pending deregistration is cancelled and
 * the user told by a notification. True when one was cancelled. The balance given up is not
 * given back: the consent said so (docs/decisions.md).
 */
export async function cancelPendingDeactivation(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const cancelled = await db
    .update(deactivationRequests)
    .set({ state: 'cancelled', cancelledAt: now })
    .where(and(eq(deactivationRequests.userId, userId), eq(deactivationRequests.state, 'pending')))
    .returning({ id: deactivationRequests.id });
  if (cancelled.length === 0) return false;
  await notify(db, userId, { type: 'broadcast', title: DEACTIVATION_CANCELLED_TITLE, content: DEACTIVATION_CANCELLED_CONTENT, dedupeKey: `deactivation-cancelled:${cancelled[0]!.id}` }, now);
  return true;
}

/** Housekeeping: every request whose cooling-off has ended is completed (one transaction each). */
export async function completeDueDeactivations(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: deactivationRequests.id, userId: deactivationRequests.userId })
    .from(deactivationRequests)
    .where(and(eq(deactivationRequests.state, 'pending'), lte(deactivationRequests.coolsUntil, now)))
    .limit(100);
  let done = 0;
  for (const request of due) {
    await db.transaction(async (tx) => {
      // Still pending (a sign-in in another process may have cancelled it just now).
      const claimed = await tx
        .update(deactivationRequests)
        .set({ state: 'completed', completedAt: now })
        .where(and(eq(deactivationRequests.id, request.id), eq(deactivationRequests.state, 'pending')))
        .returning({ id: deactivationRequests.id });
      if (claimed.length === 0) return;
      await anonymiseUser(tx, request.userId);
      done += 1;
    });
  }
  return done;
}

/**
 * The personal data goes; the row stays (orders, complaints and the ledger point at it). The
 * username and phone are freed, so the person may register again as someone new.
 */
async function anonymiseUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      username: `deleted_${userId}`,
      nickname: DEACTIVATED_NICKNAME,
      passwordHash: null,
      mobile: null,
      email: null,
      avatar: null,
      realName: null,
      idNumberMasked: null,
      idNumberHash: null,
      inviteCode: null,
      status: 'deleted',
    })
    .where(eq(users.id, userId));
  await Promise.all([
    tx.delete(authTokens).where(eq(authTokens.userId, userId)),
    tx.delete(thirdPartyIdentities).where(eq(thirdPartyIdentities.userId, userId)),
    tx.delete(footprints).where(eq(footprints.userId, userId)),
    tx.delete(searchHistory).where(eq(searchHistory.userId, userId)),
    tx.delete(searchTemplates).where(eq(searchTemplates.userId, userId)),
    tx.delete(collections).where(eq(collections.userId, userId)),
    tx.delete(listingLikes).where(eq(listingLikes.userId, userId)),
    tx.delete(alipayAccounts).where(eq(alipayAccounts.userId, userId)),
  ]);
}
