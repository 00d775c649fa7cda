/**
 * The arbitration queue ("Complaints: the arbitration queue"): complaints open first,
 * oldest first (those waiting longest on top), then the handled ones, newest first; filtered by
 * status and type, searched by order number (prefix) or a party's username. One index range
 * (complaints_queue_idx) ordered as the screen shows it, then the page's joins by primary key.
 */
import { and, count, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { COMPLAINT_TYPES } from '~/platform/config/constants';
import type { OpsComplaintRow, OpsComplaintsPage, OpsComplaintsQuery } from '~/features/complaints/contract';
import { COMPLAINT_OUTCOME_LABELS } from '~/features/complaints/rules/complaint-decision';
import type { DbOrTx } from '~/platform/db/client';
import { complaintAnswers, complaintDecisions, complaints, listings, loginFailureCases, orders, shops, users } from '~/platform/db/schema';
import { LOGIN_FAILURE_STATUS_TEXT } from '~/features/orders/rules/login-failure';
import { COMPLAINT_STATUS } from '~/features/complaints/contract';

/** How the queue names a one-click "cannot log in" report (its complaint is type 1 账号无法登录). */
export const LOGIN_FAILURE_TYPE_NAME = '一键无法登录';
export const COMPLAINT_STATUS_TEXT: Readonly<Record<number, string>> = { [COMPLAINT_STATUS.open]: '处理中', [COMPLAINT_STATUS.handled]: '已处理' };
export const complaintTypeName = (type: number): string => COMPLAINT_TYPES.find((t) => t.type === type)?.name ?? '其他问题';
export const complaintStatusText = (status: number): string => COMPLAINT_STATUS_TEXT[status] ?? COMPLAINT_STATUS_TEXT[COMPLAINT_STATUS.open]!;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listOpsComplaints(db: DbOrTx, query: OpsComplaintsQuery): Promise<OpsComplaintsPage> {
  const renter = alias(users, 'renter');
  const owner = alias(users, 'owner');
  const conditions: SQL[] = [];
  if (query.status === 'open') conditions.push(eq(complaints.status, COMPLAINT_STATUS.open));
  if (query.status === 'handled') conditions.push(eq(complaints.status, COMPLAINT_STATUS.handled));
  if (query.type > 0) conditions.push(eq(complaints.type, query.type));
  const q = query.q?.trim();
  if (q) {
    conditions.push(or(like(orders.orderNo, `${escapeLike(q)}%`), eq(renter.username, q), eq(owner.username, q))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const rowsQuery = db
    .select({
      complaint: complaints,
      orderNo: orders.orderNo,
      listingTitle: listings.title,
      renterId: renter.id,
      renterUsername: renter.username,
      renterNickname: renter.nickname,
      ownerId: owner.id,
      ownerUsername: owner.username,
      ownerNickname: owner.nickname,
      shopName: shops.name,
      outcome: complaintDecisions.outcome,
      decidedAt: complaintDecisions.createdAt,
      answers: sql<number>`(select count(*)::int from ${complaintAnswers} where ${complaintAnswers.complaintId} = ${complaints.id})`,
      lfStatus: loginFailureCases.status,
    })
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .innerJoin(renter, eq(renter.id, complaints.userId))
    .leftJoin(listings, eq(listings.id, orders.listingId))
    .leftJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(owner, eq(owner.id, shops.ownerUserId))
    .leftJoin(complaintDecisions, eq(complaintDecisions.complaintId, complaints.id))
    .leftJoin(loginFailureCases, eq(loginFailureCases.complaintId, complaints.id))
    .where(where)
    // Open before handled; the open ones oldest first, the handled ones newest first.
    .orderBy(complaints.status, sql`case when ${complaints.status} = ${COMPLAINT_STATUS.open} then ${complaints.id} end asc`, sql`${complaints.id} desc`)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const countQuery = db
    .select({ n: count() })
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .innerJoin(renter, eq(renter.id, complaints.userId))
    .leftJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(owner, eq(owner.id, shops.ownerUserId))
    .where(where);
  const [rows, [counted]] = await Promise.all([rowsQuery, countQuery]);

  const list = rows.map(
    (row): OpsComplaintRow => ({
      id: row.complaint.id,
      created_at: row.complaint.createdAt.toISOString(),
      status: row.complaint.status,
      status_text: complaintStatusText(row.complaint.status),
      type: row.complaint.type,
      type_name: row.lfStatus ? LOGIN_FAILURE_TYPE_NAME : complaintTypeName(row.complaint.type),
      order_no: row.orderNo,
      listing_title: row.listingTitle,
      renter: { id: row.renterId, username: row.renterUsername, nickname: row.renterNickname },
      owner: { id: row.ownerId ?? 0, username: row.ownerUsername ?? '', nickname: row.ownerNickname ?? '', shop_name: row.shopName ?? '' },
      answers: Number(row.answers),
      outcome: row.outcome ?? null,
      outcome_text: row.outcome ? COMPLAINT_OUTCOME_LABELS[row.outcome] : null,
      decided_at: row.decidedAt?.toISOString() ?? null,
      login_failure_status_text: row.lfStatus ? LOGIN_FAILURE_STATUS_TEXT[row.lfStatus] : null,
    }),
  );
  return { list, total: counted?.n ?? 0, page: query.page, page_size: query.page_size };
}
