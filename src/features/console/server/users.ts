/**
 * The console's users screen: search, the detail (profile masked where customer service
 * does not need the whole value, shop, recent orders, wallet and ledger read-only, ban history),
 * ban / unban with a reason (`users.ban`) and the finance wallet adjustment (`wallet.adjust`).
 *
 * A ban, in one transaction with its audit row: the user row carries banned_at and the reason
 * (every sign-in path refuses them: services/sign-in.ts assertNotBanned; resolveToken ignores their
 * tokens), every token is revoked, and each of the owner's listings not already held gets a hold
 * marked held_for_ban, so it leaves the hall, the detail and the shop page. Unbanning lifts exactly
 * those holds; whether a listing shows again is then its own state (on the shelf and approved), so
 * "listed before the ban" comes back and nothing else does. A timed ban (1, 3, 7 or 30 days) is
 * lifted the same way by the money sweep at its end (liftEndedBans), audited as user.ban_expire
 * under the operator who set it.
 */
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { MS_PER_DAY } from '~/platform/config/constants';
import { OPS_CREDIT_APPROVAL_ABOVE_FEN, OPS_USER_RECENT_ROWS } from '~/features/console/constants';
import { fenToYuan } from '~/platform/rules/money';
import type { Page } from '~/platform/wire/common';
import { MONEY_CODES } from '~/features/wallet/contract/money';
import { BAN_EXPIRE_REASON, BAN_HOLD_REASON, MSG_OPS_ADJUST_INSUFFICIENT, MSG_OPS_USER_ALREADY_BANNED, MSG_OPS_USER_DELETED, MSG_OPS_USER_NOT_BANNED, MSG_OPS_USER_NOT_FOUND, OPS_USER_STATUS_TEXT, type OpsBanResult, type OpsUserBanBody, type OpsUserDetail, type OpsUserOrderRow, type OpsUserRow, type OpsUserStatus, type OpsUserUnbanBody, type OpsUsersQuery, type OpsWalletAdjustBody, type OpsWalletAdjustResult } from '~/features/console/contract/ops-users';
import { CERT_TYPE_LABEL } from '~/features/sellers/contract/seller';
import { orderStatusText } from '~/features/orders/rules/order-status';
import { affectedRowCount, type Db, type DbOrTx, type DbTx } from '~/platform/db/client';
import { listings, opsAuditLog, orders, shops, users } from '~/platform/db/schema';
import { AppError, conflict, notFound } from '~/platform/http/errors';
import { containsPattern } from '~/features/catalog/server';
import { revokeAllTokens } from '~/features/sign-in/server';
import { changeBalance, listFunds, readWallet } from '~/features/wallet/server';
import { auditOf, writeAudit } from '~/features/console/server/audit';
import type { OperatorActor } from '~/features/console/server/operators';
import { assertCreditWithinDailyCap, requestApproval } from '~/features/console/server/approvals';

// ---------------------------------------------------------------------------------------------
// masking: customer service confirms a caller by the last digits, never needs the whole value

export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export function maskRealName(name: string | null): string | null {
  if (!name) return null;
  const chars = Array.from(name);
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

// ---------------------------------------------------------------------------------------------
// search

type UserRow = typeof users.$inferSelect;

function statusOf(user: Pick<UserRow, 'status' | 'bannedAt'>): OpsUserStatus {
  if (user.status === 'deleted') return 'deleted';
  return user.bannedAt ? 'banned' : 'active';
}

function reshapeUser(user: UserRow, shop: { id: number; name: string } | null): OpsUserRow {
  const status = statusOf(user);
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    mobile_masked: maskMobile(user.mobile),
    real_name_verified: user.isRealName,
    status,
    status_text: OPS_USER_STATUS_TEXT[status],
    ban_reason: user.banReason,
    banned_at: user.bannedAt?.toISOString() ?? null,
    banned_until: user.bannedUntil?.toISOString() ?? null,
    // Only the id and the name: a caller may hand in a fuller shop row (its cert type).
    shop: shop ? { id: shop.id, name: shop.name } : null,
    created_at: user.createdAt.toISOString(),
  };
}

function userConditions(query: Pick<OpsUsersQuery, 'q' | 'status' | 'role'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status === 'active') conditions.push(and(eq(users.status, 'active'), isNull(users.bannedAt))!);
  if (query.status === 'banned') conditions.push(and(eq(users.status, 'active'), isNotNull(users.bannedAt))!);
  if (query.status === 'deleted') conditions.push(eq(users.status, 'deleted'));
  if (query.role === 'seller') conditions.push(isNotNull(shops.id));
  if (query.role === 'renter') conditions.push(isNull(shops.id));
  const q = query.q;
  if (q) {
    const pattern = containsPattern(q);
    const options: SQL[] = [ilike(users.username, pattern), ilike(users.nickname, pattern)];
    if (/^\d{1,9}$/.test(q)) options.push(eq(users.id, Number(q)));
    if (/^\d{4}$/.test(q)) options.push(sql`right(${users.mobile}, 4) = ${q}`);
    if (/^1\d{10}$/.test(q)) options.push(eq(users.mobile, q));
    conditions.push(or(...options)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of users, newest first. */
export async function searchUsers(db: DbOrTx, query: OpsUsersQuery): Promise<Page<OpsUserRow>> {
  const where = userConditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ user: users, shopId: shops.id, shopName: shops.name })
      .from(users)
      .leftJoin(shops, eq(shops.ownerUserId, users.id))
      .where(where)
      .orderBy(desc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(users).leftJoin(shops, eq(shops.ownerUserId, users.id)).where(where),
  ]);
  return {
    list: rows.map((row) => reshapeUser(row.user, row.shopId !== null ? { id: row.shopId, name: row.shopName ?? '' } : null)),
    total: Number(counted?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

// ---------------------------------------------------------------------------------------------
// detail

async function loadUser(db: DbOrTx, userId: number, lock = false): Promise<UserRow> {
  const base = db.select().from(users).where(eq(users.id, userId));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw notFound(MSG_OPS_USER_NOT_FOUND);
  return row;
}

async function shopOf(db: DbOrTx, userId: number): Promise<{ id: number; name: string; certType: number } | null> {
  const [row] = await db.select({ id: shops.id, name: shops.name, certType: shops.certType }).from(shops).where(eq(shops.ownerUserId, userId));
  return row ?? null;
}

export async function getOpsUser(db: DbOrTx, userId: number, now: Date): Promise<OpsUserDetail> {
  const user = await loadUser(db, userId);
  const shop = await shopOf(db, userId);
  let shopView: OpsUserDetail['shop'] = null;
  if (shop) {
    const [figures] = await db
      .select({
        listings: sql<number>`(count(*) filter (where ${listings.sellerState} <> 'deleted'))::int`,
        listed: sql<number>`(count(*) filter (where ${listings.isListed}))::int`,
        heldForBan: sql<number>`(count(*) filter (where ${listings.heldForBan}))::int`,
      })
      .from(listings)
      .where(eq(listings.shopId, shop.id));
    const certType = shop.certType === 1 || shop.certType === 2 ? shop.certType : 0;
    shopView = {
      id: shop.id,
      name: shop.name,
      cert_type_text: CERT_TYPE_LABEL[certType],
      listings: Number(figures?.listings ?? 0),
      listed: Number(figures?.listed ?? 0),
      held_for_ban: Number(figures?.heldForBan ?? 0),
    };
  }
  const [wallet, ledger, orderRows, [ordersCounted], history] = await Promise.all([
    readWallet(db, userId),
    listFunds(db, userId, { page: 1, page_size: OPS_USER_RECENT_ROWS, direction: 'all' }),
    db
      .select({ order: orders, title: listings.title })
      .from(orders)
      .leftJoin(listings, eq(listings.id, orders.listingId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.id))
      .limit(OPS_USER_RECENT_ROWS),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
    auditOf(db, 'user', userId),
  ]);
  const recent: OpsUserOrderRow[] = orderRows.map(({ order, title }) => ({
    id: order.id,
    order_no: order.orderNo,
    kind: order.kind,
    status_text: orderStatusText(order.kind, order.status, order.startsAt, now),
    listing_title: title,
    total_fen: order.totalFen,
    created_at: order.createdAt.toISOString(),
  }));
  return {
    user: {
      ...reshapeUser(user, shop ? { id: shop.id, name: shop.name } : null),
      email_masked: maskEmail(user.email),
      real_name_masked: maskRealName(user.realName),
      id_number_masked: user.idNumberMasked,
      invite_code: user.inviteCode,
    },
    shop: shopView,
    wallet: { balance_fen: wallet.balanceFen, frozen_fen: wallet.frozenFen, gold_coins: wallet.goldCoins, vip_expires_at: wallet.vipExpiresAt?.toISOString() ?? null },
    ledger: ledger.list,
    orders: recent,
    orders_total: Number(ordersCounted?.n ?? 0),
    history,
  };
}

// ---------------------------------------------------------------------------------------------
// ban and unban

/** Timed bans one sweep round lifts at most (the next round takes the rest). */
const BAN_LIFT_BATCH = 100;

const auditBan = (user: Pick<UserRow, 'bannedAt' | 'banReason' | 'bannedUntil' | 'status'>): Record<string, unknown> => ({
  status: user.status,
  banned_at: user.bannedAt,
  ban_reason: user.banReason,
  banned_until: user.bannedUntil,
});

/** The shops' ids of a user (zero or one): the listings to hold or give back. */
const shopIdsOf = (db: DbOrTx, userId: number) => db.select({ id: shops.id }).from(shops).where(eq(shops.ownerUserId, userId));

/** POST ops/users/ban: signs the user out everywhere, refuses every sign-in, takes their listings out of the hall. */
export async function banUser(db: Db, actor: OperatorActor, body: OpsUserBanBody, now: Date): Promise<OpsBanResult> {
  return db.transaction(async (tx) => {
    const before = await loadUser(tx, body.user_id, true);
    if (before.status === 'deleted') throw conflict(MSG_OPS_USER_DELETED);
    if (before.bannedAt) throw conflict(MSG_OPS_USER_ALREADY_BANNED);
    const bannedUntil = body.days ? new Date(now.getTime() + body.days * MS_PER_DAY) : null;
    const [after] = await tx.update(users).set({ bannedAt: now, banReason: body.reason, bannedUntil }).where(eq(users.id, body.user_id)).returning();
    const tokensRevoked = await revokeAllTokens(tx, body.user_id, now);
    const held = await tx
      .update(listings)
      .set({ heldAt: now, holdReason: BAN_HOLD_REASON, heldForBan: true, isListed: false })
      .where(and(inArray(listings.shopId, shopIdsOf(tx, body.user_id)), isNull(listings.heldAt), ne(listings.sellerState, 'deleted')));
    const listingsHeld = affectedRowCount(held);
    await writeAudit(
      tx,
      actor,
      {
        action: 'user.ban',
        targetType: 'user',
        targetId: body.user_id,
        before: auditBan(before),
        after: { ...auditBan(after!), tokens_revoked: tokensRevoked, listings_held: listingsHeld },
        reason: body.reason,
      },
      now,
    );
    const shop = await shopOf(tx, body.user_id);
    return { user: reshapeUser(after!, shop), tokens_revoked: tokensRevoked, listings_changed: listingsHeld };
  });
}

/**
 * Ends a ban inside the caller's transaction (the user row locked): sign-in works again, the
 * listings the ban held are given back, and the audit row is written.
 */
async function liftBan(
  tx: DbOrTx,
  actor: Pick<OperatorActor, 'operatorId' | 'ip'>,
  before: UserRow,
  action: 'user.unban' | 'user.ban_expire',
  reason: string,
  now: Date,
): Promise<OpsBanResult> {
  const [after] = await tx.update(users).set({ bannedAt: null, banReason: null, bannedUntil: null }).where(eq(users.id, before.id)).returning();
  // An account deregistered while banned (its cooling-off began before the ban) gets nothing back on the shelf.
  const restored =
    before.status === 'deleted'
      ? null
      : await tx
          .update(listings)
          .set({
            heldAt: null,
            holdReason: null,
            heldForBan: false,
            // The rule of listings_is_listed_check with the hold gone: the seller's own state and the review decide.
            isListed: sql`${listings.sellerState} = 'on_shelf' and ${listings.reviewStatus} = 'approved'`,
          })
          .where(and(inArray(listings.shopId, shopIdsOf(tx, before.id)), eq(listings.heldForBan, true)));
  const listingsRestored = restored ? affectedRowCount(restored) : 0;
  await writeAudit(
    tx,
    actor,
    {
      action,
      targetType: 'user',
      targetId: before.id,
      before: auditBan(before),
      after: { ...auditBan(after!), listings_restored: listingsRestored },
      reason,
    },
    now,
  );
  const shop = await shopOf(tx, before.id);
  return { user: reshapeUser(after!, shop), tokens_revoked: 0, listings_changed: listingsRestored };
}

/** POST ops/users/unban: sign-in works again and the listings the ban held are given back. */
export async function unbanUser(db: Db, actor: OperatorActor, body: OpsUserUnbanBody, now: Date): Promise<OpsBanResult> {
  return db.transaction(async (tx) => {
    const before = await loadUser(tx, body.user_id, true);
    if (!before.bannedAt) throw conflict(MSG_OPS_USER_NOT_BANNED);
    return liftBan(tx, actor, before, 'user.unban', body.reason, now);
  });
}

/**
 * The money sweep's step for timed bans: each ban whose end has come is lifted as an unban would
 * be, audited as user.ban_expire under the operator whose user.ban set it. Each user in its own
 * transaction with the row locked and the end checked again, so racing processes lift it once
 * (and an operator's unban or a new ban in between wins). Returns the bans lifted.
 */
export async function liftEndedBans(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.bannedUntil), lte(users.bannedUntil, now)))
    .orderBy(users.bannedUntil)
    .limit(BAN_LIFT_BATCH);
  let lifted = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before?.bannedAt || !before.bannedUntil || before.bannedUntil.getTime() > now.getTime()) return false;
      const [ban] = await tx
        .select({ operatorId: opsAuditLog.operatorId })
        .from(opsAuditLog)
        .where(and(eq(opsAuditLog.action, 'user.ban'), eq(opsAuditLog.targetType, 'user'), eq(opsAuditLog.targetId, String(id))))
        .orderBy(desc(opsAuditLog.id))
        .limit(1);
      // Every ban is written with its audit row, so the operator is there; a row edited by hand without one is left to an operator.
      // (operator_id is null only for refused sign-ins, never a user.ban row.)
      if (!ban?.operatorId) return false;
      await liftBan(tx, { operatorId: ban.operatorId, ip: null }, before, 'user.ban_expire', BAN_EXPIRE_REASON, now);
      return true;
    });
    if (done) lifted++;
  }
  return lifted;
}

// ---------------------------------------------------------------------------------------------
// wallet adjustment (finance)

/** A ledger reference of its own per adjustment: ADJ, the user, and 12 random hex digits. */
function adjustRef(userId: number): string {
  return `ADJ${userId}-${randomBytes(6).toString('hex')}`;
}

/** What a credit request replays when approved (the body of wallet-adjust, a credit). */
export interface WalletCreditPayload {
  user_id: number;
  amount: number;
  reason: string;
}

type WalletAdjustDone = Omit<OpsWalletAdjustResult, 'status' | 'approval_id'> & { ref_no: string; balance_fen: number };

/** The ledger row and its audit row, inside the caller's transaction. */
async function applyAdjust(
  tx: DbTx,
  actor: OperatorActor,
  userId: number,
  amountFen: number,
  reason: string,
  now: Date,
  approval?: { approvalId: number; requestedBy: number },
): Promise<WalletAdjustDone> {
  await loadUser(tx, userId);
  const refNo = adjustRef(userId);
  let balanceFen: number;
  try {
    balanceFen = await changeBalance(tx, { userId, kind: 'ops_adjust', amountFen, refNo });
  } catch (error) {
    if (error instanceof AppError && error.code === MONEY_CODES.insufficientBalance) throw conflict(MSG_OPS_ADJUST_INSUFFICIENT, { cause: error });
    throw error;
  }
  await writeAudit(
    tx,
    actor,
    {
      action: 'wallet.adjust',
      targetType: 'user',
      targetId: userId,
      // From the balance the locked update returned: a read before it could be another adjust's stale view.
      before: { balance_fen: balanceFen - amountFen },
      after: { balance_fen: balanceFen, amount_fen: amountFen, ref_no: refNo, ...(approval ? { approval_id: approval.approvalId, requested_by: approval.requestedBy } : {}) },
      reason,
    },
    now,
  );
  return { ref_no: refNo, amount_fen: amountFen, balance_fen: balanceFen };
}

/** The approved credit (approvals.ts): run under the approver, the request named in the audit row. */
export function executeWalletCredit(tx: DbTx, actor: OperatorActor, payload: WalletCreditPayload, approval: { approvalId: number; requestedBy: number }, now: Date): Promise<WalletAdjustDone> {
  return applyAdjust(tx, actor, payload.user_id, payload.amount, payload.reason, now, approval);
}

/**
 * POST ops/users/wallet-adjust: a credit or a debit with a reason, one `ops_adjust` ledger row
 * through the wallet service. A debit beyond the balance changes nothing: 409. A credit above
 * OPS_CREDIT_APPROVAL_ABOVE_FEN becomes a request for a second operator (maker-checker); every
 * credit counts against the operator's daily cap.
 */
export async function adjustWallet(db: Db, actor: OperatorActor, body: OpsWalletAdjustBody, now: Date): Promise<OpsWalletAdjustResult> {
  return db.transaction(async (tx) => {
    if (body.direction === 'credit' && body.amount > OPS_CREDIT_APPROVAL_ABOVE_FEN) {
      const user = await loadUser(tx, body.user_id);
      const payload: WalletCreditPayload = { user_id: body.user_id, amount: body.amount, reason: body.reason };
      const ticket = await requestApproval(
        tx,
        actor,
        {
          kind: 'wallet.credit',
          targetType: 'user',
          targetId: body.user_id,
          amountFen: body.amount,
          payload: { ...payload },
          summary: `给用户 ${user.username}（#${user.id}）加款 ¥${fenToYuan(body.amount)}`,
          reason: body.reason,
        },
        now,
      );
      return { status: 'pending', ref_no: null, amount_fen: body.amount, balance_fen: null, approval_id: ticket.approval_id };
    }
    if (body.direction === 'credit') await assertCreditWithinDailyCap(tx, actor.operatorId, body.amount, now);
    const done = await applyAdjust(tx, actor, body.user_id, body.direction === 'credit' ? body.amount : -body.amount, body.reason, now);
    return { status: 'executed', ...done, approval_id: null };
  });
}
