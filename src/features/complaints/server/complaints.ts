/**
 * Complaints about a rental (spec §7 order "complaint with list and types"; §6 "binding a phone is
 * needed for complaints"). Only the renter complains, only about a rental that was paid (running,
 * finished, or cancelled after payment). Someone else's order answers the same 404 as an unknown
 * number, so the call tells nobody which order numbers exist.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { recordComplaint } from '~/features/catalog/server';
import { COMPLAINT_TYPES } from '~/platform/config/constants';
import { COMPLAINTS_OPEN_PER_ORDER_MAX } from '~/features/complaints/constants';
import { MONEY_CODES, type Complaint, type ComplaintDecisionView, type ComplaintType, type Page } from '~/features/wallet/contract/money';
import { type ComplaintAnswerView, type OwnerComplaintDecisionView } from '~/features/sellers/contract/seller-earnings';
import { COMPLAINT_OUTCOME_LABELS } from '~/features/complaints/rules/complaint-decision';
import { fenToYuan } from '~/platform/rules/money';
import type { Db, DbOrTx } from '~/platform/db/client';
import { complaintAnswers, complaintDecisions, complaints, listings, orders, sellerEarnings, users } from '~/platform/db/schema';
import { AppError, conflict, notFound } from '~/platform/http/errors';
import { ownUploadUrls } from '~/platform/db/uploads';
import { MSG_EVIDENCE_IMAGE_INVALID, type ComplaintBody, type ComplaintsQuery } from '~/features/complaints/wire';

export const MSG_PHONE_REQUIRED = '当前账号未绑定手机号';
export { MSG_ORDER_NOT_FOUND } from '~/features/orders/server';
import { MSG_ORDER_NOT_FOUND } from '~/features/orders/server';
import { notifyComplaintFiled } from '~/features/sellers/server';
import { COMPLAINT_STATUS } from '~/features/complaints/contract';

export const MSG_ORDER_UNPAID = '未支付的订单不能投诉';
export const MSG_TOO_MANY_OPEN = `该订单已有${COMPLAINTS_OPEN_PER_ORDER_MAX}条处理中的投诉`;
// The messages of the body's checks live with its schema (wire.ts); callers keep reading them here.
export { MSG_CONTENT_LENGTH, MSG_EVIDENCE_IMAGE_INVALID, MSG_EVIDENCE_IMAGES_MAX, MSG_PICK_TYPE } from '~/features/complaints/wire';
export type { ComplaintBody, ComplaintsQuery } from '~/features/complaints/wire';

const STATUS_TEXT: Readonly<Record<number, string>> = { [COMPLAINT_STATUS.open]: '处理中', [COMPLAINT_STATUS.handled]: '已处理' };

const typeName = (type: number): string => COMPLAINT_TYPES.find((t) => t.type === type)?.name ?? '其他问题';

/** GET order/complaintTypes (public). */
export function listComplaintTypes(): ComplaintType[] {
  return COMPLAINT_TYPES.map(({ type, name }) => ({ type, name }));
}

interface ComplaintJoined {
  row: typeof complaints.$inferSelect;
  orderNo: string;
  productTitle: string | null;
}

type DecisionRow = typeof complaintDecisions.$inferSelect;

/** A decision as the renter reads it (我的投诉). */
export function renterDecisionView(row: DecisionRow): ComplaintDecisionView {
  return {
    outcome: row.outcome,
    outcome_text: COMPLAINT_OUTCOME_LABELS[row.outcome],
    refund: fenToYuan(row.refundFen),
    refund_fen: row.refundFen,
    ended_rental: row.endedRental,
    text: row.text,
    decided_at: row.createdAt.toISOString(),
  };
}

/** A decision as the listing's owner reads it (出租订单): with their share of the refund and any penalty. */
export function ownerDecisionView(row: DecisionRow): OwnerComplaintDecisionView {
  return {
    ...renterDecisionView(row),
    owner_share: fenToYuan(row.ownerShareFen),
    owner_share_fen: row.ownerShareFen,
    penalty: fenToYuan(row.penaltyFen),
    penalty_fen: row.penaltyFen,
  };
}

/** The decisions of these complaints, by complaint id (primary key look-ups). */
export async function loadComplaintDecisions(db: DbOrTx, complaintIds: readonly number[]): Promise<Map<number, DecisionRow>> {
  if (complaintIds.length === 0) return new Map();
  const rows = await db.select().from(complaintDecisions).where(inArray(complaintDecisions.complaintId, [...complaintIds]));
  return new Map(rows.map((row) => [row.complaintId, row]));
}

function reshapeComplaint({ row, orderNo, productTitle }: ComplaintJoined, sellerAnswers: ComplaintAnswerView[] = [], decision: DecisionRow | null = null): Complaint {
  return {
    id: row.id,
    order_no: orderNo,
    type: row.type,
    type_name: typeName(row.type),
    content: row.content,
    status: row.status,
    status_text: STATUS_TEXT[row.status] ?? STATUS_TEXT[COMPLAINT_STATUS.open]!,
    reply: row.reply,
    created_at: row.createdAt.toISOString(),
    product_title: productTitle,
    seller_answers: sellerAnswers,
    images: row.images,
    decision: decision ? renterDecisionView(decision) : null,
  };
}

/**
 * The listing owners' answers of these complaints, oldest first, by complaint id: one
 * index range each (complaint_answers_complaint_idx). The seller's order list reads them too.
 */
export async function loadComplaintAnswers(db: DbOrTx, complaintIds: readonly number[]): Promise<Map<number, ComplaintAnswerView[]>> {
  const byComplaint = new Map<number, ComplaintAnswerView[]>();
  if (complaintIds.length === 0) return byComplaint;
  const rows = await db
    .select()
    .from(complaintAnswers)
    .where(inArray(complaintAnswers.complaintId, [...complaintIds]))
    .orderBy(complaintAnswers.complaintId, complaintAnswers.id);
  for (const row of rows) {
    const list = byComplaint.get(row.complaintId) ?? [];
    list.push({ id: row.id, content: row.content, images: row.images, created_at: row.createdAt.toISOString() });
    byComplaint.set(row.complaintId, list);
  }
  return byComplaint;
}

/** GET order/complaints: the user's complaints, newest first. */
export async function listComplaints(db: DbOrTx, userId: number, query: ComplaintsQuery): Promise<Page<Complaint>> {
  const where = eq(complaints.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: complaints, orderNo: orders.orderNo, productTitle: listings.title })
      .from(complaints)
      .innerJoin(orders, eq(orders.id, complaints.orderId))
      .leftJoin(listings, eq(listings.id, orders.listingId))
      .where(where)
      .orderBy(desc(complaints.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(complaints).where(where),
  ]);
  const ids = rows.map((joined) => joined.row.id);
  const [answers, decisions] = await Promise.all([loadComplaintAnswers(db, ids), loadComplaintDecisions(db, ids)]);
  return {
    list: rows.map((joined) => reshapeComplaint(joined, answers.get(joined.row.id), decisions.get(joined.row.id) ?? null)),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * 403 code 1004 当前账号未绑定手机号 unless the user has a bound phone (spec §6). The endpoint asks
 * before reading the body, so a user without a phone is told that first, not about the form.
 */
export async function requireBoundPhone(db: DbOrTx, userId: number): Promise<void> {
  const [user] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId));
  if (!user?.mobile) throw new AppError(MONEY_CODES.phoneRequired, MSG_PHONE_REQUIRED, 403);
}

/**
 * POST order/complaint. The order row is locked while the open complaints are counted, so two
 * complaints sent at once cannot both pass the COMPLAINTS_OPEN_PER_ORDER_MAX limit.
 */
export async function createComplaint(db: Db, userId: number, input: ComplaintBody, now: Date): Promise<Complaint> {
  return db.transaction(async (tx) => {
    await requireBoundPhone(tx, userId);
    const images = await ownUploadUrls(tx, userId, 'complaint', input.images ?? [], MSG_EVIDENCE_IMAGE_INVALID);

    const [order] = await tx
      .select({ id: orders.id, orderNo: orders.orderNo, paidAt: orders.paidAt, listingId: orders.listingId })
      .from(orders)
      .where(and(eq(orders.orderNo, input.order_no), eq(orders.userId, userId), eq(orders.kind, 'rental')))
      .for('update');
    if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
    if (order.paidAt === null) throw conflict(MSG_ORDER_UNPAID);
    // Serialises with the earnings release (services/settlement.ts): a complaint that commits first
    // holds the release; one that waits here lands after a release already made.
    await tx.select({ orderId: sellerEarnings.orderId }).from(sellerEarnings).where(eq(sellerEarnings.orderId, order.id)).for('update');

    const [open] = await tx
      .select({ n: count() })
      .from(complaints)
      .where(and(eq(complaints.orderId, order.id), eq(complaints.status, COMPLAINT_STATUS.open)));
    if ((open?.n ?? 0) >= COMPLAINTS_OPEN_PER_ORDER_MAX) throw conflict(MSG_TOO_MANY_OPEN);

    const [row] = await tx
      .insert(complaints)
      .values({ userId, orderId: order.id, type: input.type, content: input.content, images, status: COMPLAINT_STATUS.open, createdAt: now })
      .returning();
    // The order row is locked above, so the first complaint of an order is counted exactly once.
    if (order.listingId !== null) await recordComplaint(tx, order.id, order.listingId, now);
    await notifyComplaintFiled(tx, { id: row!.id, orderNo: order.orderNo, listingId: order.listingId }, now);
    const [listing] = order.listingId === null ? [] : await tx.select({ title: listings.title }).from(listings).where(eq(listings.id, order.listingId));
    return reshapeComplaint({ row: row!, orderNo: order.orderNo, productTitle: listing?.title ?? null });
  });
}
