/**
 * "Cannot log in" in one click (issue 26; the rule is features/orders/rules/login-failure.ts,
 * docs/decisions.md "Cannot log in in one click"). The report is decided at once, in ONE
 * transaction:
 *
 *   order row locked (404 for anyone else's) → the rule (running, window, nothing played, abuse)
 *   → earnings row and both wallets locked (wallets in user-id order) → the order cancelled with
 *   everything given back → the renter's ledger rows (order_refund, deposit_return, hafu_refund:
 *   the same (kind, order number) keys the end-of-rental sweep and the early cancel use, so
 *   whichever commits second finds the order no longer running, and the ledger's unique key would
 *   refuse a second refund anyway) → the owner's compensation charged (owner_charges) and paid to
 *   the renter at once → a handled complaint and its decision (the complaints queue shows it
 *   decided) → the case (unique per order) → the listing's record, the shelf, the rented flag →
 *   both sides told.
 */
import { and, count, eq, gt, min, ne, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import type { LoginFailureReport } from '~/features/wallet/contract/money';
import { decideComplaintMoney, type EarningsState } from '~/features/complaints/rules/complaint-decision';
import {
  MSG_LOGIN_FAILURE_REPORTED,
  REPORT_REFUSAL_MSG,
  abuseSince,
  answerDeadline,
  compensationFen,
  reachesTakedown,
  reportRefusal,
  reportWithdrawn,
  takedownSince,
} from '~/features/orders/rules/login-failure';
import { fenToYuan } from '~/platform/rules/money';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { retryingDeadlock } from '~/platform/db/retry';
import {
  complaintDecisions,
  complaints,
  credentialReveals,
  listings,
  loginFailureCases,
  orderRenewals,
  orders,
  sellerEarnings,
  shops,
  type OrderRow,
} from '~/platform/db/schema';
import { conflict, forbidden, notFound } from '~/platform/http/errors';
import { recordComplaint, recordLoginFailure, refreshRentedFlags } from '~/features/catalog/server';
import { notifyDepositReturned, notifyOrderRefund } from '~/features/notifications/server';
import { MSG_ORDER_NOT_FOUND, lockOwnOrder, orderViewById, type OrderRecord } from '~/features/orders/server/order-view';
import { chargeOwner } from '~/features/orders/server/owner-charges';
import { notifyListingHeld, notifyLoginFailure, syncEarnings } from '~/features/sellers/server';
import { changeBalance, lockWallets } from '~/features/wallet/server';

/** complaints.type of a report: 账号无法登录. */
export const LOGIN_FAILURE_COMPLAINT_TYPE = 1;
/** The hold reason of a listing paused by a report until its owner says the password is fixed. */
export const LOGIN_FAILURE_PAUSE_REASON = '租客上报无法登录，待号主修改密码';
/** The hold reason of the auto take-down: only an operator puts it back. */
export const LOGIN_FAILURE_TAKEDOWN_REASON = '近期多次无法登录，自动下架';
const COMPLAINT_HANDLED = 2;

/** The ledger ref of the compensation: one per order, as the report. */
export const compensationRef = (orderNo: string): string => `${orderNo}-LF`;

/** The renter's reports in the abuse window: all, and those reversed. */
export async function renterReportCounts(db: DbOrTx, renterUserId: number, now: Date): Promise<{ reports: number; reversed: number }> {
  const [row] = await db
    .select({ reports: count(), reversed: sql<number>`(count(*) filter (where ${loginFailureCases.status} = 'reversed'))::int` })
    .from(loginFailureCases)
    .where(and(eq(loginFailureCases.renterUserId, renterUserId), gt(loginFailureCases.createdAt, abuseSince(now))));
  return { reports: Number(row?.reports ?? 0), reversed: Number(row?.reversed ?? 0) };
}

/**
 * Whether the renter's one-click report was withdrawn (the abuse rule), read only when one of
 * `records` could offer the button at all (a rental shown its login details that is not yet reported).
 */
export async function loginFailureWithdrawn(db: DbOrTx, renterUserId: number, records: readonly OrderRecord[], now: Date): Promise<boolean> {
  const candidate = records.some((record) => record.order.kind === 'rental' && record.order.status === ORDER_STATUS.paid && record.firstRevealAt !== null && record.loginFailure === null);
  return candidate ? reportWithdrawn(await renterReportCounts(db, renterUserId, now)) : false;
}

/** Checks the rule against the locked order; throws the refusal. */
async function checkReport(tx: DbTx, order: OrderRow, now: Date): Promise<Date> {
  const [reveal] = await tx
    .select({ at: min(credentialReveals.createdAt) })
    .from(credentialReveals)
    .where(and(eq(credentialReveals.orderId, order.id), eq(credentialReveals.viewer, 'renter')));
  const [renewal] = await tx.select({ id: orderRenewals.id }).from(orderRenewals).where(eq(orderRenewals.orderId, order.id)).limit(1);
  const [made] = await tx.select({ id: loginFailureCases.id }).from(loginFailureCases).where(eq(loginFailureCases.orderId, order.id));
  const running = order.status === ORDER_STATUS.paid && order.startsAt !== null && order.endsAt !== null && order.startsAt <= now && order.endsAt > now;
  const firstRevealAt = reveal?.at ?? null;
  const refusal = reportRefusal(
    {
      running,
      firstRevealAt,
      renewed: renewal !== undefined,
      gameMoneyFen: order.gameMoneyFen,
      refundableRentFen: order.payFen - order.refundFen,
      withdrawn: reportWithdrawn(await renterReportCounts(tx, order.userId, now)),
      reported: made !== undefined,
    },
    now,
  );
  if (refusal === 'withdrawn') throw forbidden(REPORT_REFUSAL_MSG.withdrawn);
  if (refusal !== null) throw conflict(REPORT_REFUSAL_MSG[refusal]);
  return firstRevealAt!;
}

/** POST order/loginFailure: the renter's report, decided at once. */
export async function reportLoginFailure(db: Db, userId: number, orderNo: string, now: Date): Promise<LoginFailureReport> {
  try {
    // The end-of-rental sweep takes the same order, earnings and wallet rows; when PostgreSQL breaks
    // a deadlock between them by aborting the report, the report runs again and then meets the
    // rental as the sweep left it (409 not running), as a click after the sweep would.
    return await retryingDeadlock(() => db.transaction((tx) => reportInTx(tx, userId, orderNo, now)));
  } catch (error) {
    // The case is unique per order: a report that slipped past the row lock is the same 409.
    if (violatedUniqueConstraint(error) !== null) throw conflict(MSG_LOGIN_FAILURE_REPORTED, { cause: error });
    throw error;
  }
}

async function reportInTx(tx: DbTx, userId: number, orderNo: string, now: Date): Promise<LoginFailureReport> {
  const order = await lockOwnOrder(tx, userId, orderNo);
  if (order.kind !== 'rental' || order.listingId === null) throw notFound(MSG_ORDER_NOT_FOUND);
  const listingId = order.listingId;
  const firstRevealAt = await checkReport(tx, order, now);
  // The listing next, before any write below: two reports of its rentals count its failures one
  // after the other, and every write to listings or listing_stats bumps the one catalog_version
  // row. Taking that row (recordComplaint) before the listing deadlocked with the sweep's
  // rented-flag refresh, which takes the listing and then catalog_version.
  const [listing] = await tx.select({ id: listings.id, title: listings.title, heldAt: listings.heldAt }).from(listings).where(eq(listings.id, listingId)).for('update');

  const [earning] = await tx.select().from(sellerEarnings).where(eq(sellerEarnings.orderId, order.id)).for('update');
  const [shop] = await tx.select({ ownerUserId: shops.ownerUserId }).from(listings).innerJoin(shops, eq(shops.id, listings.shopId)).where(eq(listings.id, listingId));
  if (!shop) throw notFound(MSG_ORDER_NOT_FOUND);
  const ownerId = shop.ownerUserId;
  const balances = await lockWallets(tx, [order.userId, ownerId]);

  const rentBackFen = order.payFen - order.refundFen;
  const depositBackFen = order.depositFen - order.depositReturnedFen;
  const hafuBackFen = order.gameMoneyFen - order.refundGameMoneyFen;
  const compFen = compensationFen(order.payFen);
  const earningsState: EarningsState = earning ? earning.status : 'none';
  // The complaint rule splits the refund between the owner's share and the commission and says what
  // of the compensation (a penalty to it) the owner's balance covers now.
  const decided = decideComplaintMoney({
    outcome: compFen > 0 ? 'penalize' : 'refund_full',
    rentFen: order.payFen,
    refundedFen: order.refundFen,
    commissionBps: earning?.commissionBps ?? 0,
    earnings: earningsState,
    rentalOpen: true,
    ownerBalanceFen: balances.get(ownerId) ?? 0,
    refundFen: rentBackFen,
    penaltyFen: compFen,
  });
  if (!decided.ok) throw conflict(decided.msg);
  const money = decided.money;

  // Guarded by the status too: the row lock already serialises, the guard says so in the SQL.
  const stopped = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.cancelled, cancelledAt: now, refundFen: order.payFen, depositReturnedFen: order.depositFen, refundGameMoneyFen: order.gameMoneyFen })
    .where(and(eq(orders.id, order.id), eq(orders.status, ORDER_STATUS.paid)))
    .returning({ id: orders.id });
  if (stopped.length !== 1) throw conflict(REPORT_REFUSAL_MSG.not_running);
  if (rentBackFen > 0) await changeBalance(tx, { userId, kind: 'order_refund', amountFen: rentBackFen, refNo: order.orderNo });
  if (depositBackFen > 0) await changeBalance(tx, { userId, kind: 'deposit_return', amountFen: depositBackFen, refNo: order.orderNo });
  if (hafuBackFen > 0) await changeBalance(tx, { userId, kind: 'hafu_refund', amountFen: hafuBackFen, refNo: order.orderNo });
  // The platform pays the compensation at once; the owner's charge below is collected as far as
  // their balance covers it now, the rest from their next earnings.
  if (compFen > 0) await changeBalance(tx, { userId, kind: 'login_failure_comp', amountFen: compFen, refNo: compensationRef(order.orderNo) });
  if (earningsState === 'frozen') await syncEarnings(tx, order.id, now);

  const text = `一键上报无法登录：订单已终止，已全额退还 ¥${fenToYuan(rentBackFen + depositBackFen + hafuBackFen)}${compFen > 0 ? `，号主赔付 ¥${fenToYuan(compFen)}` : ''}。`;
  const [complaint] = await tx
    .insert(complaints)
    .values({ userId, orderId: order.id, type: LOGIN_FAILURE_COMPLAINT_TYPE, content: '一键上报：账号无法登录', status: COMPLAINT_HANDLED, reply: text, createdAt: now })
    .returning();
  await recordComplaint(tx, order.id, listingId, now);
  await tx.insert(complaintDecisions).values({
    complaintId: complaint!.id,
    orderId: order.id,
    operatorId: null,
    outcome: money.outcome,
    refundFen: money.refundFen,
    ownerShareFen: money.ownerShareFen,
    penaltyFen: money.penaltyFen,
    endedRental: true,
    text,
    earningsState,
    createdAt: now,
  });
  if (money.penaltyFen > 0) {
    await chargeOwner(
      tx,
      { sellerUserId: ownerId, complaintId: complaint!.id, orderId: order.id, orderNo: order.orderNo, kind: 'penalty', amountFen: money.penaltyFen, collectNowFen: money.penaltyNowFen },
      now,
    );
  }

  const standing = await tx
    .select({ at: loginFailureCases.createdAt })
    .from(loginFailureCases)
    .where(and(eq(loginFailureCases.listingId, listingId), ne(loginFailureCases.status, 'reversed'), gt(loginFailureCases.createdAt, takedownSince(now))));
  const tookDown = reachesTakedown([...standing.map((row) => row.at), now], now);
  const [made] = await tx
    .insert(loginFailureCases)
    .values({
      orderId: order.id,
      complaintId: complaint!.id,
      renterUserId: userId,
      listingId,
      sellerUserId: ownerId,
      rentRefundFen: rentBackFen,
      depositRefundFen: depositBackFen,
      hafuRefundFen: hafuBackFen,
      compensationFen: compFen,
      firstRevealAt,
      tookDown,
      createdAt: now,
    })
    .returning({ id: loginFailureCases.id });
  await recordLoginFailure(tx, listingId, 1, now);
  // Off the shelf: paused until the owner fixes the password, or taken down for good; a hold the
  // platform placed for another reason stays as it is.
  if (tookDown) {
    await tx.update(listings).set({ heldAt: now, holdReason: LOGIN_FAILURE_TAKEDOWN_REASON, isListed: false, updatedAt: now }).where(eq(listings.id, listingId));
    await notifyListingHeld(tx, ownerId, { id: listingId, title: listing!.title }, LOGIN_FAILURE_TAKEDOWN_REASON, now);
  } else if (listing!.heldAt === null) {
    await tx.update(listings).set({ heldAt: now, holdReason: LOGIN_FAILURE_PAUSE_REASON, isListed: false, updatedAt: now }).where(eq(listings.id, listingId));
  }
  await refreshRentedFlags(tx, [listingId], now);

  await notifyOrderRefund(tx, order, rentBackFen, now);
  await notifyDepositReturned(tx, order, depositBackFen, now);
  await notifyLoginFailure(tx, { caseId: made!.id, orderNo: order.orderNo, listingId, compensationFen: compFen, answerUntil: answerDeadline(now), tookDown }, now);

  const refundFen = rentBackFen + depositBackFen + hafuBackFen;
  return {
    case_id: made!.id,
    order: await orderViewById(tx, order.id, now),
    refund: fenToYuan(refundFen),
    refund_fen: refundFen,
    compensation: fenToYuan(compFen),
    compensation_fen: compFen,
  };
}
