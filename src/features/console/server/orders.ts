/**
 * The console's orders screen (permission `orders.read`; customer service's "users'
 * orders read-only"): search by order number, user or listing with state, kind and date filters,
 * and one order with its timeline (the arbitration screen's, services/ops/complaints/detail.ts),
 * gateway payments, every ledger row naming it and its complaints. Nothing here writes.
 */
import { and, asc, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { MS_PER_DAY, ORDER_STATUS } from '~/platform/config/constants';
import type { Page } from '~/platform/wire/common';
import type { OpsCredentialReveal } from '~/features/complaints/contract';
import {
  MSG_OPS_ORDER_NOT_FOUND,
  OPS_ORDER_KIND_TEXT,
  type OpsOrderDetail,
  type OpsOrderRow,
  type OpsOrderStateFilter,
  type OpsOrdersQuery,
  type OpsUserStatus,
} from '~/features/console/contract/ops-users';
import { fenToYuan } from '~/platform/rules/money';
import { orderStatusText } from '~/features/orders/rules/order-status';
import { shanghaiDayStart } from '~/platform/rules/shanghai-time';
import type { DbOrTx } from '~/platform/db/client';
import { complaints, listings, orders, payments, shops, users, walletLedger } from '~/platform/db/schema';
import { badRequest, notFound } from '~/platform/http/errors';
import { revealsForOrder } from '~/features/orders/server';
import { LEDGER_KIND_TEXT } from '~/features/wallet/server';
import { buildTimeline, reshapeOrder, complaintStatusText, complaintTypeName } from '~/features/complaints/server';

const STATE_STATUS: Readonly<Record<Exclude<OpsOrderStateFilter, 'all'>, number>> = {
  unpaid: ORDER_STATUS.unpaid,
  paying: ORDER_STATUS.paying,
  paid: ORDER_STATUS.paid,
  finished: ORDER_STATUS.finished,
  cancelled: ORDER_STATUS.cancelled,
};

function orderConditions(query: OpsOrdersQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.state !== 'all') conditions.push(eq(orders.status, STATE_STATUS[query.state]));
  if (query.kind !== 'all') conditions.push(eq(orders.kind, query.kind));
  if (query.user_id !== undefined) conditions.push(eq(orders.userId, query.user_id));
  if (query.listing_id !== undefined) conditions.push(eq(orders.listingId, query.listing_id));
  const from = query.from ? shanghaiDayStart(query.from) : null;
  const to = query.to ? shanghaiDayStart(query.to) : null;
  if ((query.from && !from) || (query.to && !to)) throw badRequest('日期无效');
  if (from) conditions.push(gte(orders.createdAt, from));
  if (to) conditions.push(lt(orders.createdAt, new Date(to.getTime() + MS_PER_DAY)));
  const q = query.q;
  if (q) {
    const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    // An order number or its beginning (numbers are upper-case), the renter's username, or the order id.
    const options: SQL[] = [like(orders.orderNo, `${escaped.toUpperCase()}%`), ilike(users.username, escaped)];
    if (/^\d{1,9}$/.test(q)) options.push(eq(orders.id, Number(q)));
    conditions.push(or(...options)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const hasComplaint = sql<boolean>`exists (select 1 from ${complaints} where ${complaints.orderId} = ${orders.id})`;

/** One page of orders, newest first. */
export async function searchOrders(db: DbOrTx, query: OpsOrdersQuery, now: Date): Promise<Page<OpsOrderRow>> {
  const where = orderConditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: orders, username: users.username, listingTitle: listings.title, shopName: shops.name, hasComplaint })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(listings, eq(listings.id, orders.listingId))
      .leftJoin(shops, eq(shops.id, orders.shopId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return {
    list: rows.map(({ order, username, listingTitle, shopName, hasComplaint: complained }) => ({
      id: order.id,
      order_no: order.orderNo,
      kind: order.kind,
      kind_text: OPS_ORDER_KIND_TEXT[order.kind],
      status: order.status,
      status_text: orderStatusText(order.kind, order.status, order.startsAt, now),
      user: { id: order.userId, username },
      listing: order.listingId !== null ? { id: order.listingId, title: listingTitle ?? '' } : null,
      shop: order.shopId !== null ? { id: order.shopId, name: shopName ?? '' } : null,
      total_fen: order.totalFen,
      refund_fen: order.refundFen,
      created_at: order.createdAt.toISOString(),
      has_complaint: Boolean(complained),
    })),
    total: Number(counted?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

function userStatusOf(row: { status: string; bannedAt: Date | null }): OpsUserStatus {
  if (row.status === 'deleted') return 'deleted';
  return row.bannedAt ? 'banned' : 'active';
}

/** One order as the console's order detail shows it. */
export async function getOpsOrder(db: DbOrTx, id: number, now: Date): Promise<OpsOrderDetail> {
  const [found] = await db
    .select({ order: orders, renter: users, listingTitle: listings.title, shop: shops })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(listings, eq(listings.id, orders.listingId))
    .leftJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, id));
  if (!found) throw notFound(MSG_OPS_ORDER_NOT_FOUND);
  const { order, renter, shop } = found;

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

  const [timeline, paymentRows, ledgerRows, complaintRows, owner] = await Promise.all([
    buildTimeline(db, order, now, reveals),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    db
      .select()
      .from(walletLedger)
      .where(or(eq(walletLedger.refNo, order.orderNo), like(walletLedger.refNo, `${order.orderNo}-%`)))
      .orderBy(asc(walletLedger.id)),
    db.select().from(complaints).where(eq(complaints.orderId, order.id)).orderBy(asc(complaints.id)),
    shop ? db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, shop.ownerUserId)) : Promise.resolve([]),
  ]);

  return {
    id: order.id,
    kind: order.kind,
    kind_text: OPS_ORDER_KIND_TEXT[order.kind],
    order: reshapeOrder(order, order.listingId !== null ? { id: order.listingId, title: found.listingTitle ?? '' } : null, shop, now),
    renter: { id: renter.id, username: renter.username, nickname: renter.nickname, status: userStatusOf(renter) },
    owner: owner[0] ?? null,
    timeline,
    payments: paymentRows.map((row) => ({
      pay_no: row.payNo,
      channel: row.channel,
      amount_fen: row.amountFen,
      status: row.status,
      gateway_trade_no: row.gatewayTradeNo,
      paid_at: row.paidAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    })),
    ledger: ledgerRows.map((row) => ({
      id: row.id,
      user_id: row.userId,
      kind: row.kind,
      kind_text: LEDGER_KIND_TEXT[row.kind],
      amount: row.amountFen > 0 ? `+${fenToYuan(row.amountFen)}` : fenToYuan(row.amountFen),
      amount_fen: row.amountFen,
      balance_after: fenToYuan(row.balanceAfterFen),
      balance_after_fen: row.balanceAfterFen,
      ref_no: row.refNo,
      created_at: row.createdAt.toISOString(),
    })),
    complaints: complaintRows.map((row) => ({ id: row.id, status_text: complaintStatusText(row.status), type_name: complaintTypeName(row.type), created_at: row.createdAt.toISOString() })),
  };
}
