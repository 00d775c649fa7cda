/**
 * One complaint as the arbitration screen shows it: both parties' statements and
 * evidence, the order and its money, the order's timeline built from the rows that exist (orders,
 * renewals, ledger, earnings, complaints, answers, decisions, owner charges), the login-details
 * access log, both users' history, and the audit history of the complaint. Read-only.
 */
import { and, asc, count, desc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import { COMPLAINT_HISTORY_ROWS } from '~/features/complaints/constants';
import type { OpsComplaintDetail, OpsComplaintEarnings, OpsComplaintOrder, OpsCredentialReveal, OpsPartyHistory, OpsTimelineEvent } from '~/features/complaints/contract';
import { MSG_COMPLAINT_NOT_FOUND } from '~/features/complaints/contract';
import { COMPLAINT_OUTCOME_LABELS, type ComplaintOutcome, type EarningsState } from '~/features/complaints/rules/complaint-decision';
import { fenToYuan } from '~/platform/rules/money';
import { orderStatusText } from '~/features/orders/rules/order-status';
import { isRentalOption, rentalOptionDef } from '~/features/orders/rules/periods';
import type { DbOrTx } from '~/platform/db/client';
import { complaintAnswers, complaintDecisions, complaints, listings, orderRenewals, orders, ownerCharges, sellerEarnings, shops, users, walletLedger, type OrderRow } from '~/platform/db/schema';
import { notFound } from '~/platform/http/errors';
import { loadComplaintAnswers } from '~/features/complaints/server/complaints';
import { COMPLAINT_STATUS } from '~/features/complaints/contract';
import { revealsForOrder, ownerChargesSummary } from '~/features/orders/server';
import { LEDGER_KIND_TEXT, readWallet } from '~/features/wallet/server';
import { auditOf } from '~/features/console/server';
import { OWNER_CHARGE_KIND_TEXT, loadOpsDecision } from '~/features/complaints/server/ops/decision-view';
import { LOGIN_FAILURE_TYPE_NAME, complaintStatusText, complaintTypeName } from '~/features/complaints/server/ops/queue';
import { loginFailureOfComplaint, reshapeLoginFailure } from '~/features/complaints/server/ops/login-failure';

const UPHELD: readonly ComplaintOutcome[] = ['refund_full', 'refund_partial', 'penalize'];
const yuan = (fen: number): string => `¥${fenToYuan(fen)}`;

export function reshapeOrder(order: OrderRow, listing: { id: number; title: string } | null, shop: { id: number; name: string; certType: number } | null, now: Date): OpsComplaintOrder {
  const option = order.rentalOption !== null && isRentalOption(order.rentalOption) ? order.rentalOption : null;
  return {
    order_no: order.orderNo,
    status: order.status,
    status_text: orderStatusText(order.kind, order.status, order.startsAt, now),
    listing,
    shop: shop ? { id: shop.id, name: shop.name, cert_type: shop.certType } : null,
    option_label: option ? rentalOptionDef(option).label : null,
    hours: order.hours,
    bonus_hours: order.bonusHours,
    reserved: order.reserved,
    is_free: order.isFree,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    starts_at: order.startsAt?.toISOString() ?? null,
    ends_at: order.endsAt?.toISOString() ?? null,
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    finished_at: order.finishedAt?.toISOString() ?? null,
    pay_channel: order.payChannel,
    original_fen: order.originalFen,
    activity_discount_fen: order.activityDiscountFen,
    vip_discount_fen: order.vipDiscountFen,
    coupon_discount_fen: order.couponDiscountFen,
    pay_fen: order.payFen,
    refund_fen: order.refundFen,
    deposit_fen: order.depositFen,
    deposit_returned_fen: order.depositReturnedFen,
    game_money_fen: order.gameMoneyFen,
    refund_game_money_fen: order.refundGameMoneyFen,
  };
}

/** Counts of one party's complaints: all, open, decided for the renter, rejected. */
async function complaintCounts(db: DbOrTx, where: ReturnType<typeof eq>, viaOrders: boolean): Promise<{ complaints: number; open: number; upheld: number; rejected: number }> {
  const query = db
    .select({
      total: count(),
      open: sql<number>`(count(*) filter (where ${complaints.status} = ${COMPLAINT_STATUS.open}))::int`,
      upheld: sql<number>`(count(*) filter (where ${complaintDecisions.outcome} in (${sql.join(
        UPHELD.map((o) => sql`${o}`),
        sql`, `,
      )})))::int`,
      rejected: sql<number>`(count(*) filter (where ${complaintDecisions.outcome} = 'reject'))::int`,
    })
    .from(complaints)
    .leftJoin(complaintDecisions, eq(complaintDecisions.complaintId, complaints.id));
  const [row] = viaOrders ? await query.innerJoin(orders, eq(orders.id, complaints.orderId)).where(where) : await query.where(where);
  return { complaints: row?.total ?? 0, open: Number(row?.open ?? 0), upheld: Number(row?.upheld ?? 0), rejected: Number(row?.rejected ?? 0) };
}

async function recentComplaints(db: DbOrTx, where: ReturnType<typeof and>, excludeId: number): Promise<OpsPartyHistory['recent']> {
  const rows = await db
    .select({ complaint: complaints, orderNo: orders.orderNo, outcome: complaintDecisions.outcome })
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .leftJoin(complaintDecisions, eq(complaintDecisions.complaintId, complaints.id))
    .where(and(where, ne(complaints.id, excludeId)))
    .orderBy(desc(complaints.id))
    .limit(COMPLAINT_HISTORY_ROWS);
  return rows.map((row) => ({
    id: row.complaint.id,
    created_at: row.complaint.createdAt.toISOString(),
    order_no: row.orderNo,
    type_name: complaintTypeName(row.complaint.type),
    status_text: complaintStatusText(row.complaint.status),
    outcome_text: row.outcome ? COMPLAINT_OUTCOME_LABELS[row.outcome] : null,
  }));
}

async function userRef(db: DbOrTx, userId: number): Promise<OpsPartyHistory['user']> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(MSG_COMPLAINT_NOT_FOUND);
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    mobile_bound: user.mobile !== null,
    real_name_verified: user.isRealName,
    status: user.status,
    created_at: user.createdAt.toISOString(),
  };
}

async function renterHistory(db: DbOrTx, renterId: number, complaintId: number): Promise<OpsPartyHistory> {
  const [rentals] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, renterId), eq(orders.kind, 'rental'), sql`${orders.paidAt} is not null`));
  const counts = await complaintCounts(db, eq(complaints.userId, renterId), false);
  return {
    user: await userRef(db, renterId),
    rentals: rentals?.n ?? 0,
    ...counts,
    penalties_fen: 0,
    owed_fen: 0,
    recent: await recentComplaints(db, and(eq(complaints.userId, renterId)), complaintId),
  };
}

async function ownerHistory(db: DbOrTx, shop: { id: number; ownerUserId: number }, complaintId: number): Promise<OpsPartyHistory & { balance_fen: number }> {
  const [rentals] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.shopId, shop.id), eq(orders.kind, 'rental'), sql`${orders.paidAt} is not null`));
  const counts = await complaintCounts(db, eq(orders.shopId, shop.id), true);
  const charges = await ownerChargesSummary(db, shop.ownerUserId);
  const wallet = await readWallet(db, shop.ownerUserId);
  return {
    user: await userRef(db, shop.ownerUserId),
    rentals: rentals?.n ?? 0,
    ...counts,
    penalties_fen: charges.penaltiesFen,
    owed_fen: charges.owedFen,
    recent: await recentComplaints(db, and(eq(orders.shopId, shop.id)), complaintId),
    balance_fen: wallet.balanceFen,
  };
}

/** The order's story from the rows that exist, oldest first. */
export async function buildTimeline(db: DbOrTx, order: OrderRow, now: Date, reveals: OpsCredentialReveal[]): Promise<OpsTimelineEvent[]> {
  const events: OpsTimelineEvent[] = [];
  const add = (at: Date | string | null, kind: string, text: string, amountFen: number | null = null): void => {
    if (at === null) return;
    events.push({ at: typeof at === 'string' ? at : at.toISOString(), kind, text, amount_fen: amountFen });
  };
  add(order.createdAt, 'created', `下单，应付 ${yuan(order.totalFen)}（租金 ${yuan(order.payFen)}，押金 ${yuan(order.depositFen)}）`, order.totalFen);
  if (order.paidAt) add(order.paidAt, 'paid', `支付成功（${order.payChannel === 'wallet' ? '余额' : order.payChannel === 'alipay' ? '支付宝' : order.payChannel === 'wechat' ? '微信支付' : order.isFree ? '免费' : '—'}）`);
  // A rental that starts at once starts when it is paid, not when it was ordered.
  const startedAt = order.paidAt && order.startsAt ? new Date(Math.max(order.startsAt.getTime(), order.paidAt.getTime())) : null;
  if (startedAt && startedAt.getTime() <= now.getTime() && !(order.cancelledAt && order.cancelledAt < startedAt)) add(startedAt, 'started', '租期开始');
  const renewals = await db.select().from(orderRenewals).where(eq(orderRenewals.orderId, order.id)).orderBy(asc(orderRenewals.id));
  for (const renewal of renewals) add(renewal.createdAt, 'renewed', `续租 ${renewal.hours} 小时，支付 ${yuan(renewal.payFen)}`, renewal.payFen);
  if (order.cancelledAt) add(order.cancelledAt, 'cancelled', '订单取消');
  if (order.finishedAt) add(order.finishedAt, 'ended', '租期结束，账号收回');
  else if (order.status === ORDER_STATUS.paid && order.endsAt && order.endsAt.getTime() <= now.getTime()) add(order.endsAt, 'ended', '租期已到（等待结束处理）');

  // Money rows that name the order: refunds, deposit, hafu coin, the owner's release, and the
  // decisions' refunds and charges (refs `<order_no>-C<id>` / `<order_no>-K<id>`).
  const ledger = await db
    .select()
    .from(walletLedger)
    .where(or(eq(walletLedger.refNo, order.orderNo), like(walletLedger.refNo, `${order.orderNo}-%`)))
    .orderBy(asc(walletLedger.id));
  for (const row of ledger) {
    if (row.kind === 'order_pay') continue; // the payment is the 'paid' event
    const who = row.kind === 'earning_release' || row.kind === 'refund_clawback' || row.kind === 'complaint_penalty' ? '号主' : '租客';
    add(row.createdAt, row.kind === 'earning_release' ? 'released' : row.kind.includes('refund') || row.kind === 'deposit_return' ? 'refund' : 'ledger', `${who}${row.amountFen > 0 ? '入账' : '扣款'}：${LEDGER_KIND_TEXT[row.kind]} ${yuan(Math.abs(row.amountFen))}`, row.amountFen);
  }

  const orderComplaints = await db.select().from(complaints).where(eq(complaints.orderId, order.id)).orderBy(asc(complaints.id));
  const ids = orderComplaints.map((row) => row.id);
  for (const complaint of orderComplaints) add(complaint.createdAt, 'complaint_filed', `租客投诉 #${complaint.id}：${complaintTypeName(complaint.type)}`);
  if (ids.length > 0) {
    const answers = await db.select().from(complaintAnswers).where(inArray(complaintAnswers.complaintId, ids)).orderBy(asc(complaintAnswers.id));
    for (const answer of answers) add(answer.createdAt, 'complaint_answered', `号主回复投诉 #${answer.complaintId}`);
    const decisions = await db.select().from(complaintDecisions).where(inArray(complaintDecisions.complaintId, ids));
    for (const decision of decisions) {
      const money = [decision.refundFen > 0 ? `退款 ${yuan(decision.refundFen)}` : '', decision.penaltyFen > 0 ? `处罚号主 ${yuan(decision.penaltyFen)}` : ''].filter(Boolean).join('，');
      add(decision.createdAt, 'complaint_decided', `平台处理投诉 #${decision.complaintId}：${COMPLAINT_OUTCOME_LABELS[decision.outcome]}${money ? `（${money}）` : ''}`);
    }
    const charges = await db.select().from(ownerCharges).where(inArray(ownerCharges.complaintId, ids));
    for (const charge of charges) {
      if (charge.collectedFen < charge.amountFen) add(charge.createdAt, 'owner_charged', `号主${OWNER_CHARGE_KIND_TEXT[charge.kind]} ${yuan(charge.amountFen)}，尚欠 ${yuan(charge.amountFen - charge.collectedFen)}（从后续收益中扣回）`);
    }
  }
  const firstRenterLook = reveals.find((reveal) => reveal.viewer === 'renter');
  if (firstRenterLook) add(firstRenterLook.at, 'credentials_viewed', `租客首次查看账号信息（共 ${reveals.filter((r) => r.viewer === 'renter').length} 次）`);
  const ownerLooks = reveals.filter((reveal) => reveal.viewer === 'owner');
  if (ownerLooks.length > 0) add(ownerLooks[0]!.at, 'credentials_viewed', `号主查看账号信息（本单期间共 ${ownerLooks.length} 次）`);

  return events.sort((a, b) => a.at.localeCompare(b.at));
}

export async function getOpsComplaint(db: DbOrTx, id: number, now: Date): Promise<OpsComplaintDetail> {
  const [found] = await db
    .select({ complaint: complaints, order: orders, listingId: listings.id, listingTitle: listings.title, shop: shops, earning: sellerEarnings })
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .leftJoin(listings, eq(listings.id, orders.listingId))
    .leftJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(sellerEarnings, eq(sellerEarnings.orderId, orders.id))
    .where(eq(complaints.id, id));
  if (!found) throw notFound(MSG_COMPLAINT_NOT_FOUND);
  const { complaint, order, shop, earning } = found;

  const revealRows = order.listingId
    ? await revealsForOrder(db, { id: order.id, listingId: order.listingId, paidAt: order.paidAt, endedAt: order.finishedAt ?? order.cancelledAt ?? (order.status === ORDER_STATUS.paid ? null : order.endsAt) }, now)
    : [];
  const reveals: OpsCredentialReveal[] = revealRows.map((row) => ({
    at: row.at.toISOString(),
    viewer: row.viewer,
    viewer_label: row.viewer === 'renter' ? '租客' : '号主',
    ip: row.ip,
    user_agent: row.userAgent,
  }));

  const earningsState: EarningsState = earning ? earning.status : 'none';
  const earnings: OpsComplaintEarnings | null = earning
    ? {
        status: earning.status,
        commission_bps: earning.commissionBps,
        rent_fen: earning.rentFen,
        refunded_fen: earning.refundedFen,
        commission_fen: earning.commissionFen,
        seller_fen: earning.sellerFen,
        release_at: earning.releaseAt?.toISOString() ?? null,
        released_at: earning.releasedAt?.toISOString() ?? null,
      }
    : null;

  const [answers, renter, owner, siblings, decision, audit, timeline, lfCase] = await Promise.all([
    loadComplaintAnswers(db, [complaint.id]),
    renterHistory(db, complaint.userId, complaint.id),
    shop ? ownerHistory(db, shop, complaint.id) : Promise.resolve(null),
    db.select().from(complaints).where(and(eq(complaints.orderId, order.id), ne(complaints.id, complaint.id))).orderBy(asc(complaints.id)),
    loadOpsDecision(db, complaint.id),
    auditOf(db, 'complaint', complaint.id),
    buildTimeline(db, order, now, reveals),
    loginFailureOfComplaint(db, complaint.id),
  ]);

  return {
    id: complaint.id,
    status: complaint.status,
    status_text: complaintStatusText(complaint.status),
    type: complaint.type,
    type_name: lfCase ? LOGIN_FAILURE_TYPE_NAME : complaintTypeName(complaint.type),
    content: complaint.content,
    images: complaint.images,
    created_at: complaint.createdAt.toISOString(),
    renter,
    owner,
    answers: answers.get(complaint.id) ?? [],
    order: reshapeOrder(order, found.listingId === null ? null : { id: found.listingId, title: found.listingTitle ?? '' }, shop, now),
    earnings,
    refundable_fen: order.payFen - order.refundFen,
    rule_input: {
      rent_fen: order.payFen,
      refunded_fen: order.refundFen,
      commission_bps: earning?.commissionBps ?? 0,
      earnings: earningsState,
      rental_open: order.status === ORDER_STATUS.paid,
      owner_balance_fen: owner?.balance_fen ?? 0,
    },
    timeline,
    reveals,
    siblings: siblings.map((row) => ({ id: row.id, status_text: complaintStatusText(row.status), type_name: complaintTypeName(row.type), created_at: row.createdAt.toISOString() })),
    decision,
    login_failure: lfCase ? reshapeLoginFailure(lfCase) : null,
    audit,
  };
}
