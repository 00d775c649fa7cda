/**
 * Deciding a complaint ("decide (full refund, partial refund, reject, penalise the owner),
 * which writes the ledger through the wallet service and notifies both sides"). The money rule is
 * features/complaints/rules/complaint-decision.ts; this applies it in ONE transaction:
 *
 *   complaint row locked → still open? (else 409: two agents at once, exactly one decides)
 *   → order row, earnings row and both wallets locked (wallets in user-id order)
 *   → the rule, with the owner's balance as it is now
 *   → the order's refund (and its end, when all the rent came back), the renter's ledger rows
 *   → the earnings recomputed while frozen; once released, the row is left alone and the split is
 *     recorded on the decision, the owner's share becoming a clawback charge
 *   → the owner's charges and what the balance covers of them now
 *   → the decision row, the complaint closed with the written decision, both sides notified,
 *     the audit row with before and after.
 *
 * Every money change is a wallet-service ledger row, unique by (kind, ref), and the decision's
 * primary key is the complaint: a replay or a race can never pay twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CODE_FAIL, ORDER_STATUS } from '~/platform/config/constants';
import { MSG_COMPLAINT_DECIDED, MSG_COMPLAINT_NOT_FOUND, MSG_LOGIN_FAILURE_USE_CASE, type OpsComplaintDecideBody, type OpsComplaintDecided } from '~/features/complaints/contract';
import { decideComplaintMoney, type DecisionMoney, type EarningsState } from '~/features/complaints/rules/complaint-decision';
import { fenToYuan } from '~/platform/rules/money';
import type { Db, DbTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { complaintDecisions, complaints, listings, orders, sellerEarnings, shops, wallets } from '~/platform/db/schema';
import { AppError, conflict, notFound } from '~/platform/http/errors';
import { COMPLAINT_STATUS } from '~/features/complaints/contract';
import { notifyComplaintDecided, notifyComplaintDecidedToOwner, notifyDepositReturned } from '~/features/notifications/server';
import { restoreEnvelopes, chargeOwner } from '~/features/orders/server';
import { refreshRentedFlags } from '~/features/catalog/server';
import { syncEarnings } from '~/features/sellers/server';
import { changeBalance, lockWallets, type BalanceChange } from '~/features/wallet/server';
import { writeAudit, type OperatorActor } from '~/features/console/server';
import { loadOpsDecision } from '~/features/complaints/server/ops/decision-view';
import { loginFailureOfComplaint } from '~/features/complaints/server/ops/login-failure';

/** The ledger ref of a decision's refund to the renter: the order and the complaint. */
export const complaintRefundRef = (orderNo: string, complaintId: number): string => `${orderNo}-C${complaintId}`;

export async function decideComplaint(db: Db, actor: OperatorActor, body: OpsComplaintDecideBody, now: Date): Promise<OpsComplaintDecided> {
  try {
    return await db.transaction((tx) => decideInTx(tx, actor, body, now));
  } catch (error) {
    // The decision's primary key is the complaint: a decision that slipped past the status check
    // (it cannot while the row lock holds, but the database has the last word) is the same 409.
    if (violatedUniqueConstraint(error) !== null) throw conflict(MSG_COMPLAINT_DECIDED, { cause: error });
    throw error;
  }
}

async function decideInTx(tx: DbTx, actor: OperatorActor, body: OpsComplaintDecideBody, now: Date): Promise<OpsComplaintDecided> {
  const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, body.complaint_id)).for('update');
  if (!complaint) throw notFound(MSG_COMPLAINT_NOT_FOUND);
  if (complaint.status !== COMPLAINT_STATUS.open) throw conflict(MSG_COMPLAINT_DECIDED);
  // A one-click report reopened by the owner's appeal was decided already: uphold or reverse it.
  if (await loginFailureOfComplaint(tx, complaint.id)) throw conflict(MSG_LOGIN_FAILURE_USE_CASE);

  const [order] = await tx.select().from(orders).where(eq(orders.id, complaint.orderId)).for('update');
  if (!order || order.kind !== 'rental' || order.listingId === null) throw notFound(MSG_COMPLAINT_NOT_FOUND);
  const [earning] = await tx.select().from(sellerEarnings).where(eq(sellerEarnings.orderId, order.id)).for('update');
  const [shop] = await tx
    .select({ ownerUserId: shops.ownerUserId })
    .from(listings)
    .innerJoin(shops, eq(shops.id, listings.shopId))
    .where(eq(listings.id, order.listingId));
  if (!shop) throw notFound(MSG_COMPLAINT_NOT_FOUND);
  const ownerId = shop.ownerUserId;
  const balances = await lockWallets(tx, [order.userId, ownerId]);

  const earningsState: EarningsState = earning ? earning.status : 'none';
  const result = decideComplaintMoney({
    outcome: body.outcome,
    rentFen: order.payFen,
    refundedFen: order.refundFen,
    commissionBps: earning?.commissionBps ?? 0,
    earnings: earningsState,
    rentalOpen: order.status === ORDER_STATUS.paid,
    ownerBalanceFen: balances.get(ownerId) ?? 0,
    refundFen: body.refund_fen,
    penaltyFen: body.penalty_fen,
  });
  if (!result.ok) throw new AppError(CODE_FAIL, result.msg, 400, { data: { field: result.field, issues: [{ field: result.field, code: 'custom', msg: result.msg }] } });
  const money = result.money;

  const before = {
    complaint: { status: complaint.status, reply: complaint.reply },
    order: { status: order.status, pay_fen: order.payFen, refund_fen: order.refundFen, deposit_fen: order.depositFen, deposit_returned_fen: order.depositReturnedFen },
    earnings: earning ? { status: earning.status, seller_fen: earning.sellerFen, commission_fen: earning.commissionFen, refunded_fen: earning.refundedFen } : null,
    owner_balance_fen: balances.get(ownerId) ?? 0,
  };

  // The order: the refund, and its end when all the rent came back.
  const renterChanges: BalanceChange[] = [];
  if (money.refundFen > 0) {
    renterChanges.push({ userId: order.userId, kind: 'complaint_refund', amountFen: money.refundFen, refNo: complaintRefundRef(order.orderNo, complaint.id) });
  }
  let depositBackFen = 0;
  if (money.endsRental) {
    depositBackFen = order.depositFen - order.depositReturnedFen;
    const prepayBackFen = order.gameMoneyFen - order.refundGameMoneyFen;
    await tx
      .update(orders)
      .set({
        status: ORDER_STATUS.cancelled,
        cancelledAt: now,
        refundFen: sql`${orders.refundFen} + ${money.refundFen}`,
        depositReturnedFen: order.depositFen,
        refundGameMoneyFen: order.gameMoneyFen,
      })
      .where(eq(orders.id, order.id));
    if (depositBackFen > 0) renterChanges.push({ userId: order.userId, kind: 'deposit_return', amountFen: depositBackFen, refNo: order.orderNo });
    if (prepayBackFen > 0) renterChanges.push({ userId: order.userId, kind: 'hafu_refund', amountFen: prepayBackFen, refNo: order.orderNo });
    // A reservation that never started is void: its red envelope comes back, as on a cancel.
    if (order.redPacketId !== null && order.startsAt && order.startsAt.getTime() > now.getTime()) await restoreEnvelopes(tx, [order.redPacketId]);
  } else if (money.refundFen > 0) {
    await tx
      .update(orders)
      .set({ refundFen: sql`${orders.refundFen} + ${money.refundFen}` })
      .where(eq(orders.id, order.id));
  }
  for (const change of renterChanges) await changeBalance(tx, change);

  // The owner's earnings: recomputed while frozen; once released, never rewritten.
  if (earningsState === 'frozen') await syncEarnings(tx, order.id, now);

  const released = earningsState === 'released';
  await tx.insert(complaintDecisions).values({
    complaintId: complaint.id,
    orderId: order.id,
    operatorId: actor.operatorId,
    outcome: body.outcome,
    refundFen: money.refundFen,
    ownerShareFen: money.ownerShareFen,
    penaltyFen: money.penaltyFen,
    endedRental: money.endsRental,
    text: body.text,
    earningsState,
    postReleaseRefundFen: released ? money.refundFen : 0,
    postReleaseSellerFen: released ? money.ownerShareDeltaFen : 0,
    postReleaseCommissionFen: released ? money.commissionDeltaFen : 0,
    createdAt: now,
  });

  const chargeIds: number[] = [];
  if (money.clawbackFen > 0) {
    chargeIds.push(
      await chargeOwner(
        tx,
        { sellerUserId: ownerId, complaintId: complaint.id, orderId: order.id, orderNo: order.orderNo, kind: 'clawback', amountFen: money.clawbackFen, collectNowFen: money.clawbackNowFen },
        now,
      ),
    );
  }
  if (money.penaltyFen > 0) {
    chargeIds.push(
      await chargeOwner(
        tx,
        { sellerUserId: ownerId, complaintId: complaint.id, orderId: order.id, orderNo: order.orderNo, kind: 'penalty', amountFen: money.penaltyFen, collectNowFen: money.penaltyNowFen },
        now,
      ),
    );
  }

  await tx
    .update(complaints)
    .set({ status: COMPLAINT_STATUS.handled, reply: body.text })
    .where(and(eq(complaints.id, complaint.id), eq(complaints.status, COMPLAINT_STATUS.open)));

  if (money.endsRental) {
    await refreshRentedFlags(tx, [order.listingId], now);
    await notifyDepositReturned(tx, order, depositBackFen, now);
  }
  const summary = decisionSummary(money);
  await notifyComplaintDecided(tx, complaint, body.text, now, summary);
  await notifyComplaintDecidedToOwner(tx, ownerId, { id: complaint.id, orderNo: order.orderNo }, body.text, now, ownerSummary(money));

  const decision = (await loadOpsDecision(tx, complaint.id))!;
  const [orderAfter] = await tx.select().from(orders).where(eq(orders.id, order.id));
  const [earningAfter] = await tx.select().from(sellerEarnings).where(eq(sellerEarnings.orderId, order.id));
  const [ownerWallet] = await tx.select({ balanceFen: wallets.balanceFen }).from(wallets).where(eq(wallets.userId, ownerId));
  await writeAudit(
    tx,
    actor,
    {
      action: 'complaint.decide',
      targetType: 'complaint',
      targetId: complaint.id,
      before,
      after: {
        complaint: { status: COMPLAINT_STATUS.handled, reply: body.text },
        decision: { outcome: body.outcome, refund_fen: money.refundFen, owner_share_fen: money.ownerShareFen, penalty_fen: money.penaltyFen, ended_rental: money.endsRental },
        order: orderAfter
          ? { status: orderAfter.status, pay_fen: orderAfter.payFen, refund_fen: orderAfter.refundFen, deposit_fen: orderAfter.depositFen, deposit_returned_fen: orderAfter.depositReturnedFen }
          : null,
        earnings: earningAfter ? { status: earningAfter.status, seller_fen: earningAfter.sellerFen, commission_fen: earningAfter.commissionFen, refunded_fen: earningAfter.refundedFen } : null,
        post_release: released ? { refund_fen: money.refundFen, seller_fen: money.ownerShareDeltaFen, commission_fen: money.commissionDeltaFen } : null,
        owner_charges: decision.charges,
        owner_balance_fen: ownerWallet?.balanceFen ?? 0,
        owed_fen: money.owedFen,
      },
      reason: body.text,
    },
    now,
  );
  return { complaint_id: complaint.id, decision, money };
}

const yuanText = (fen: number): string => `¥${fenToYuan(fen)}`;

/** The renter's line: outcome and money (the written decision follows it). */
function decisionSummary(money: DecisionMoney): string {
  const parts: string[] = [];
  if (money.outcome === 'reject') parts.push('投诉未被支持');
  if (money.refundFen > 0) parts.push(`退还租金 ${yuanText(money.refundFen)} 已到钱包余额`);
  if (money.endsRental) parts.push('租期已结束，押金已退还');
  if (money.outcome === 'penalize') parts.push('号主已受到处罚');
  return parts.join('，');
}

/** The owner's line: what the decision takes from them. */
function ownerSummary(money: DecisionMoney): string {
  const parts: string[] = [];
  if (money.outcome === 'reject') parts.push('投诉已驳回');
  if (money.refundFen > 0) parts.push(`退还租客租金 ${yuanText(money.refundFen)}，其中由您的收益承担 ${yuanText(money.ownerShareFen)}`);
  if (money.endsRental) parts.push('该订单已提前结束');
  if (money.penaltyFen > 0) parts.push(`处罚 ${yuanText(money.penaltyFen)}`);
  if (money.owedFen > 0) parts.push(`余额不足部分 ${yuanText(money.owedFen)} 将从后续收益中扣除`);
  return parts.join('，');
}
