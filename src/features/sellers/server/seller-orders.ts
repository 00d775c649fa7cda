/**
 * The seller's orders and complaint answers ("Orders, earnings, payouts"; contract in
 * features/sellers/contract/seller-earnings.ts). Every call starts from the caller's shop (requireSeller), and
 * every row is reached through `listings.shop_id = the caller's shop`, so another seller's order
 * or complaint is simply not found (404), never "forbidden": nothing tells which numbers exist.
 * The renter is shown as RENTER_MASK only; no column of `users` is read here.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { recordOwnerReply } from '~/features/catalog/server';
import { COMPLAINT_TYPES } from '~/platform/config/constants';
import {
  COMPLAINT_ANSWERS_PER_COMPLAINT_MAX,
  EARNING_STATUS_LABEL,
  MSG_ANSWER_IMAGE_INVALID,
  RENTER_MASK,
  SELLER_ORDER_FILTERS,
  type ComplaintAnswerBody,
  type ComplaintAnswerView,
  type LoginFailureAnswerBody,
  type SellerLoginFailureView,
  type Page,
  type SellerComplaint,
  type SellerOrder,
  type SellerOrderEarning,
  type SellerOrdersQuery,
} from '~/features/sellers/contract/seller-earnings';
import { fenToYuan } from '~/platform/rules/money';
import { orderStatusText } from '~/features/orders/rules/order-status';
import { isRentalOption, rentalOptionDef } from '~/features/orders/rules/periods';
import type { Db, DbOrTx } from '~/platform/db/client';
import { complaintAnswers, complaintDecisions, complaints, listings, loginFailureCases, orders, sellerEarnings } from '~/platform/db/schema';
import { LOGIN_FAILURE_STATUS_TEXT, answerDeadline, canAnswer } from '~/features/orders/rules/login-failure';
import { LOGIN_FAILURE_PAUSE_REASON } from '~/features/orders/server';
import { isListedAs } from '~/features/sellers/rules/listing-form';
import { conflict, notFound } from '~/platform/http/errors';
import { loadComplaintAnswers, loadComplaintDecisions, ownerDecisionView } from '~/features/complaints/server';
import { COMPLAINT_STATUS } from '~/features/complaints/contract';
import { notifyComplaintAnswered } from '~/features/notifications/server';
import { requireSeller } from '~/features/sellers/server/sellers';
import { ownUploadUrls } from '~/platform/db/uploads';

export const MSG_COMPLAINT_NOT_FOUND = '投诉不存在';
export const MSG_COMPLAINT_HANDLED = '该投诉已处理，无法再回复';
export const MSG_TOO_MANY_ANSWERS = `每条投诉最多回复${COMPLAINT_ANSWERS_PER_COMPLAINT_MAX}次`;

const COMPLAINT_STATUS_TEXT: Readonly<Record<number, string>> = { [COMPLAINT_STATUS.open]: '处理中', [COMPLAINT_STATUS.handled]: '已处理' };
const typeName = (type: number): string => COMPLAINT_TYPES.find((t) => t.type === type)?.name ?? '其他问题';

type EarningRow = typeof sellerEarnings.$inferSelect;
type ComplaintRow = typeof complaints.$inferSelect;
type DecisionRow = typeof complaintDecisions.$inferSelect;

function reshapeEarning(row: EarningRow): SellerOrderEarning {
  const netFen = row.rentFen - row.refundedFen;
  return {
    net_rent: fenToYuan(netFen),
    net_rent_fen: netFen,
    commission: fenToYuan(row.commissionFen),
    commission_fen: row.commissionFen,
    commission_bps: row.commissionBps,
    seller: fenToYuan(row.sellerFen),
    seller_fen: row.sellerFen,
    status: row.status,
    status_text: EARNING_STATUS_LABEL[row.status],
    release_at: row.releaseAt?.toISOString() ?? null,
    released_at: row.releasedAt?.toISOString() ?? null,
  };
}

type CaseRow = typeof loginFailureCases.$inferSelect;

function reshapeCase(row: CaseRow, now: Date): SellerLoginFailureView {
  return {
    case_id: row.id,
    status: row.status,
    status_text: LOGIN_FAILURE_STATUS_TEXT[row.status],
    compensation: fenToYuan(row.compensationFen),
    compensation_fen: row.compensationFen,
    took_down: row.tookDown,
    answer_until: answerDeadline(row.createdAt).toISOString(),
    can_answer: row.status === 'decided' && canAnswer(row.createdAt, now),
  };
}

function reshapeComplaint(row: ComplaintRow, answers: ComplaintAnswerView[], decision: DecisionRow | null = null, lfCase: CaseRow | null = null, now = new Date()): SellerComplaint {
  return {
    id: row.id,
    type: row.type,
    type_name: typeName(row.type),
    content: row.content,
    status: row.status,
    status_text: COMPLAINT_STATUS_TEXT[row.status] ?? COMPLAINT_STATUS_TEXT[COMPLAINT_STATUS.open]!,
    reply: row.reply,
    created_at: row.createdAt.toISOString(),
    answers,
    can_answer: row.status === COMPLAINT_STATUS.open && answers.length < COMPLAINT_ANSWERS_PER_COMPLAINT_MAX,
    images: row.images,
    decision: decision ? ownerDecisionView(decision) : null,
    login_failure: lfCase ? reshapeCase(lfCase, now) : null,
  };
}

/** The "cannot log in" reports behind these complaints, by complaint id. */
async function loadCases(db: DbOrTx, complaintIds: readonly number[]): Promise<Map<number, CaseRow>> {
  if (complaintIds.length === 0) return new Map();
  const rows = await db.select().from(loginFailureCases).where(inArray(loginFailureCases.complaintId, [...complaintIds]));
  return new Map(rows.map((row) => [row.complaintId, row]));
}

/** The complaints (with answers) of these orders, newest first, by order id. */
async function loadOrderComplaints(db: DbOrTx, orderIds: readonly number[], now: Date): Promise<Map<number, SellerComplaint[]>> {
  const byOrder = new Map<number, SellerComplaint[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(complaints).where(inArray(complaints.orderId, [...orderIds])).orderBy(desc(complaints.id));
  const ids = rows.map((row) => row.id);
  const [answers, decisions, cases] = await Promise.all([loadComplaintAnswers(db, ids), loadComplaintDecisions(db, ids), loadCases(db, ids)]);
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(reshapeComplaint(row, answers.get(row.id) ?? [], decisions.get(row.id) ?? null, cases.get(row.id) ?? null, now));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/**
 * GET seller/orders: the rental orders on the caller's listings, newest first, by the renter's
 * tab filters. The page is the first rows of one index range (orders_shop_idx: orders carry their
 * listing's shop, migration 0016), then the page's listings, earnings rows (primary keys) and
 * complaints (complaints_order_idx); only the count reads the seller's whole range, from the index.
 */
export async function listSellerOrders(db: DbOrTx, userId: number, query: SellerOrdersQuery, now: Date): Promise<Page<SellerOrder>> {
  const { shopId } = await requireSeller(db, userId);
  const statuses = SELLER_ORDER_FILTERS.find((filter) => filter.key === query.filter)?.statuses ?? null;
  const where = and(
    eq(orders.shopId, shopId),
    eq(orders.kind, 'rental'),
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    query.order_no ? eq(orders.orderNo, query.order_no) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, listingId: listings.id, title: listings.title, imgs: listings.imgs, earning: sellerEarnings })
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .leftJoin(sellerEarnings, eq(sellerEarnings.orderId, orders.id))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const complaintsByOrder = await loadOrderComplaints(
    db,
    rows.map((row) => row.order.id),
    now,
  );
  const list = rows.map(({ order, listingId, title, imgs, earning }): SellerOrder => {
    const option = order.rentalOption !== null && isRentalOption(order.rentalOption) ? order.rentalOption : null;
    return {
      order_no: order.orderNo,
      listing: { id: listingId, title, img: imgs[0] ?? null },
      renter: RENTER_MASK,
      order_status: order.status,
      order_status_text: orderStatusText('rental', order.status, order.startsAt, now),
      hire_start_time: order.startsAt?.toISOString() ?? null,
      hire_end_time: order.endsAt?.toISOString() ?? null,
      hours: order.hours,
      bonus_hours: order.bonusHours,
      option_label: option ? rentalOptionDef(option).label : null,
      rent: fenToYuan(order.payFen),
      rent_fen: order.payFen,
      deposit: fenToYuan(order.depositFen),
      deposit_fen: order.depositFen,
      refund: fenToYuan(order.refundFen),
      refund_fen: order.refundFen,
      hire_order_time: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      earning: earning ? reshapeEarning(earning) : null,
      complaints: complaintsByOrder.get(order.id) ?? [],
      hafu_prepay_fen: order.gameMoneyFen,
    };
  });
  return { list, total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/**
 * POST seller/complaints/answer: the listing's owner answers a complaint on one of its orders.
 * 404 for a complaint on another seller's listing (or none); 409 once the platform has handled it
 * or past the answer limit. The complaint row is locked, so an answer and the platform's handling
 * (or two answers past the limit) are decided one after the other.
 */
export async function answerComplaint(db: Db, userId: number, body: ComplaintAnswerBody, now: Date): Promise<SellerComplaint> {
  const { shopId } = await requireSeller(db, userId);
  const images = await ownUploadUrls(db, userId, 'complaint', body.images, MSG_ANSWER_IMAGE_INVALID);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ complaint: complaints, listingId: listings.id })
      .from(complaints)
      .innerJoin(orders, eq(orders.id, complaints.orderId))
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .where(and(eq(complaints.id, body.complaint_id), eq(listings.shopId, shopId)))
      .for('update', { of: complaints });
    if (!found) throw notFound(MSG_COMPLAINT_NOT_FOUND);
    if (found.complaint.status !== COMPLAINT_STATUS.open) throw conflict(MSG_COMPLAINT_HANDLED);
    const [given] = await tx.select({ n: count() }).from(complaintAnswers).where(eq(complaintAnswers.complaintId, found.complaint.id));
    if ((given?.n ?? 0) >= COMPLAINT_ANSWERS_PER_COMPLAINT_MAX) throw conflict(MSG_TOO_MANY_ANSWERS);
    await tx.insert(complaintAnswers).values({ complaintId: found.complaint.id, sellerUserId: userId, content: body.content, images, createdAt: now });
    // The first answer is the owner's reply time in the listing's record (complaint row locked above).
    if ((given?.n ?? 0) === 0) await recordOwnerReply(tx, found.listingId, found.complaint.createdAt, now);
    await notifyComplaintAnswered(tx, found.complaint, now);
    const answers = await loadComplaintAnswers(tx, [found.complaint.id]);
    return reshapeComplaint(found.complaint, answers.get(found.complaint.id) ?? []);
  });
}

export const MSG_LOGIN_FAILURE_CASE_NOT_FOUND = '上报记录不存在';
export const MSG_LOGIN_FAILURE_ANSWERED = '该上报已答复，无法再次答复';
export const MSG_LOGIN_FAILURE_ANSWER_LATE = '已超过答复时限（上报后2小时内）';
const DEFAULT_FIXED_TEXT = '已修改密码';

/**
 * POST seller/loginFailure/answer: the listing's owner answers a "cannot log in" report of one of
 * their rentals, once, within the answer window (features/orders/rules/login-failure.ts).
 * 已修改密码: the listing, paused by the report, goes back on the shelf (not after the auto
 * take-down: only an operator restores that). 申诉: the statement and evidence join the complaint,
 * which opens again in the operators' queue. 404 for another seller's report.
 */
export async function answerLoginFailure(db: Db, userId: number, body: LoginFailureAnswerBody, now: Date): Promise<SellerComplaint> {
  const { shopId } = await requireSeller(db, userId);
  const images = body.answer === 'dispute' ? await ownUploadUrls(db, userId, 'complaint', body.images, MSG_ANSWER_IMAGE_INVALID) : [];
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ lfCase: loginFailureCases, complaint: complaints, listing: listings })
      .from(loginFailureCases)
      .innerJoin(complaints, eq(complaints.id, loginFailureCases.complaintId))
      .innerJoin(listings, eq(listings.id, loginFailureCases.listingId))
      .where(and(eq(loginFailureCases.id, body.case_id), eq(listings.shopId, shopId)))
      .for('update', { of: [loginFailureCases, complaints, listings] });
    if (!found) throw notFound(MSG_LOGIN_FAILURE_CASE_NOT_FOUND);
    const { lfCase, complaint, listing } = found;
    if (lfCase.status !== 'decided') throw conflict(MSG_LOGIN_FAILURE_ANSWERED);
    if (!canAnswer(lfCase.createdAt, now)) throw conflict(MSG_LOGIN_FAILURE_ANSWER_LATE);
    const content = body.content || DEFAULT_FIXED_TEXT;
    const [given] = await tx.select({ n: count() }).from(complaintAnswers).where(eq(complaintAnswers.complaintId, complaint.id));
    await tx.insert(complaintAnswers).values({ complaintId: complaint.id, sellerUserId: userId, content, images, createdAt: now });
    if ((given?.n ?? 0) === 0) await recordOwnerReply(tx, listing.id, complaint.createdAt, now);
    const status = body.answer === 'fixed' ? 'fixed' : 'disputed';
    await tx.update(loginFailureCases).set({ status, answeredAt: now }).where(eq(loginFailureCases.id, lfCase.id));
    if (body.answer === 'dispute') {
      // Back in the operators' queue as open: they uphold or reverse it (complaints/server/ops).
      await tx.update(complaints).set({ status: COMPLAINT_STATUS.open }).where(eq(complaints.id, complaint.id));
    } else if (listing.heldAt !== null && listing.holdReason === LOGIN_FAILURE_PAUSE_REASON) {
      await tx
        .update(listings)
        .set({ heldAt: null, holdReason: null, isListed: isListedAs(listing.sellerState, listing.reviewStatus, false), updatedAt: now })
        .where(eq(listings.id, listing.id));
    }
    const [after] = await tx.select().from(complaints).where(eq(complaints.id, complaint.id));
    const [caseAfter] = await tx.select().from(loginFailureCases).where(eq(loginFailureCases.id, lfCase.id));
    const [answers, decisions] = await Promise.all([loadComplaintAnswers(tx, [complaint.id]), loadComplaintDecisions(tx, [complaint.id])]);
    return reshapeComplaint(after!, answers.get(complaint.id) ?? [], decisions.get(complaint.id) ?? null, caseAfter ?? null, now);
  });
}
