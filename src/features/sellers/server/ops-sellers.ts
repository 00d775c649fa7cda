/**
 * The console's sellers screen (permission `sellers`): the store and merchant
 * certification queue with its decisions, and the shop list with the per-shop review switch.
 *
 * A decision runs the seller side's own rule (`applyCertificationDecision`, services/sellers.ts)
 * inside one transaction with its audit row and the seller's message, so the three commit together
 * or not at all. The operator decides on the application as read: if the applicant withdrew and
 * submitted again since (another submitted_at), the decision is refused with 409.
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  MSG_OPS_SHOP_NOT_FOUND,
  MSG_OPS_SHOP_REVIEW_UNCHANGED,
  MSG_OPS_STALE_APPLICATION,
  type OpsApplicationDecideBody,
  type OpsApplicationView,
  type OpsApplicationsPage,
  type OpsApplicationsQuery,
  type OpsShopReviewBody,
  type OpsShopView,
  type OpsShopsQuery,
} from '~/features/sellers/contract/ops-sellers';
import type { Page } from '~/platform/wire/common';
import { CERT_TYPE_LABEL, CERTIFICATION_STATE_LABEL, type BusinessDetails } from '~/features/sellers/contract/seller';
import type { CertType } from '~/features/sellers/rules/settlement';
import type { Db, DbOrTx } from '~/platform/db/client';
import { complaints, listings, orders, sellerCertifications, shops, users } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { containsPattern } from '~/features/catalog/server';
import { notifyCertificationDecided } from '~/features/sellers/server/seller-notification-events';
import { applyCertificationDecision, type CertificationRow } from '~/features/sellers/server/sellers';
import { writeAudit, type OperatorActor } from '~/features/console/server';

const certTypeOf = (value: number): CertType => (value === 1 || value === 2 ? value : 0);

// ---------------------------------------------------------------------------------------------
// the certification queue

function applicationConditions(query: Pick<OpsApplicationsQuery, 'state' | 'cert_type' | 'q'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.state !== 'all') conditions.push(eq(sellerCertifications.state, query.state));
  if (query.cert_type !== 'all') conditions.push(eq(sellerCertifications.certType, Number(query.cert_type)));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(sellerCertifications.shopName, pattern),
        // The licence number is stored upper-case (the contract upper-cases it); search it the same way.
        sql`(${sellerCertifications.details} ->> 'license_no') ilike ${containsPattern(query.q.toUpperCase())}`,
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const applicationSelection = {
  application: sellerCertifications,
  username: users.username,
  realNameVerified: users.isRealName,
  shopId: shops.id,
  shopName: shops.name,
  shopCertType: shops.certType,
};

function reshapeApplication(row: {
  application: CertificationRow;
  username: string;
  realNameVerified: boolean;
  shopId: number | null;
  shopName: string | null;
  shopCertType: number | null;
}): OpsApplicationView {
  const certType = certTypeOf(row.application.certType);
  const shopType = row.shopCertType === null ? null : certTypeOf(row.shopCertType);
  return {
    user_id: row.application.userId,
    username: row.username,
    real_name_verified: row.realNameVerified,
    cert_type: certType,
    cert_type_text: CERT_TYPE_LABEL[certType],
    state: row.application.state,
    state_text: CERTIFICATION_STATE_LABEL[row.application.state],
    shop_name: row.application.shopName,
    details: row.application.details as Partial<BusinessDetails>,
    reject_reason: row.application.rejectReason,
    submitted_at: row.application.submittedAt?.toISOString() ?? null,
    decided_at: row.application.decidedAt?.toISOString() ?? null,
    current_shop: row.shopId !== null && shopType !== null ? { id: row.shopId, name: row.shopName ?? '', cert_type: shopType, cert_type_text: CERT_TYPE_LABEL[shopType] } : null,
  };
}

/**
 * One page of applications: those under review first, oldest submission first (the queue), then
 * the rest, latest decision first.
 */
export async function listApplications(db: DbOrTx, query: OpsApplicationsQuery): Promise<OpsApplicationsPage> {
  const where = applicationConditions(query);
  const underReview = sql`${sellerCertifications.state} = 'submitted'`;
  const [rows, [counted], [queue]] = await Promise.all([
    db
      .select(applicationSelection)
      .from(sellerCertifications)
      .innerJoin(users, eq(users.id, sellerCertifications.userId))
      .leftJoin(shops, eq(shops.ownerUserId, sellerCertifications.userId))
      .where(where)
      .orderBy(
        desc(underReview),
        sql`case when ${underReview} then ${sellerCertifications.submittedAt} end asc nulls last`,
        sql`${sellerCertifications.decidedAt} desc nulls last`,
        asc(sellerCertifications.userId),
      )
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sellerCertifications)
      .innerJoin(users, eq(users.id, sellerCertifications.userId))
      .where(where),
    db.select({ n: sql<number>`count(*)::int` }).from(sellerCertifications).where(eq(sellerCertifications.state, 'submitted')),
  ]);
  return {
    list: rows.map(reshapeApplication),
    total: Number(counted?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
    submitted_total: Number(queue?.n ?? 0),
  };
}

async function readApplication(db: DbOrTx, userId: number): Promise<OpsApplicationView> {
  const [row] = await db
    .select(applicationSelection)
    .from(sellerCertifications)
    .innerJoin(users, eq(users.id, sellerCertifications.userId))
    .leftJoin(shops, eq(shops.ownerUserId, sellerCertifications.userId))
    .where(eq(sellerCertifications.userId, userId));
  return reshapeApplication(row!);
}

/** What the audit log keeps of an application: its state and reason, not the business details. */
function auditApplication(row: CertificationRow): Record<string, unknown> {
  return { state: row.state, cert_type: row.certType, shop_name: row.shopName, reject_reason: row.rejectReason, submitted_at: row.submittedAt, decided_at: row.decidedAt };
}

/**
 * POST ops/sellers/decide: approve (the shop opens or is retyped) or reject with the reason the
 * seller reads on /seller/apply; the audit row and the seller's message in the same transaction.
 */
export async function decideApplication(db: Db, actor: OperatorActor, body: OpsApplicationDecideBody, now: Date): Promise<OpsApplicationView> {
  const seen = new Date(body.seen_submitted_at).getTime();
  return db.transaction(async (tx) => {
    const decision = body.decision === 'approve' ? ({ approve: true } as const) : ({ approve: false, reason: body.reason } as const);
    const { before, after } = await applyCertificationDecision(tx, body.user_id, decision, now, (row) => {
      if (row.submittedAt?.getTime() !== seen) throw conflict(MSG_OPS_STALE_APPLICATION);
    });
    const [shop] = await tx.select({ id: shops.id, certType: shops.certType }).from(shops).where(eq(shops.ownerUserId, body.user_id));
    await writeAudit(
      tx,
      actor,
      {
        action: body.decision === 'approve' ? 'certification.approve' : 'certification.reject',
        targetType: 'seller_certification',
        targetId: body.user_id,
        before: auditApplication(before),
        after: { ...auditApplication(after), shop: shop ? { id: shop.id, cert_type: shop.certType } : null },
        reason: body.decision === 'reject' ? body.reason : null,
      },
      now,
    );
    await notifyCertificationDecided(tx, after, body.decision === 'approve', now);
    return readApplication(tx, body.user_id);
  });
}

// ---------------------------------------------------------------------------------------------
// shops

const count = (condition: SQL): SQL<number> => sql<number>`(${condition})::int`;
const shopIdRef = sql`${sql.identifier('shops')}.${sql.identifier('id')}`;

/** The shop's figures as correlated counts: only the rows of one page are counted. */
const shopSelection = {
  id: shops.id,
  name: shops.name,
  certType: shops.certType,
  ownerUserId: shops.ownerUserId,
  ownerUsername: users.username,
  reviewListings: shops.reviewListings,
  createdAt: shops.createdAt,
  listings: count(sql`select count(*) from ${listings} where ${listings.shopId} = ${shopIdRef} and ${listings.sellerState} <> 'deleted'`),
  listed: count(sql`select count(*) from ${listings} where ${listings.shopId} = ${shopIdRef} and ${listings.isListed}`),
  pending: count(sql`select count(*) from ${listings} where ${listings.shopId} = ${shopIdRef} and ${listings.reviewStatus} = 'pending' and ${listings.sellerState} <> 'deleted'`),
  held: count(sql`select count(*) from ${listings} where ${listings.shopId} = ${shopIdRef} and ${listings.heldAt} is not null`),
  orders: count(sql`select count(*) from ${orders} where ${orders.shopId} = ${shopIdRef} and ${orders.paidAt} is not null`),
  complaints: count(sql`select count(*) from ${complaints} join ${orders} on ${orders.id} = ${complaints.orderId} where ${orders.shopId} = ${shopIdRef}`),
  openComplaints: count(
    sql`select count(*) from ${complaints} join ${orders} on ${orders.id} = ${complaints.orderId} where ${orders.shopId} = ${shopIdRef} and ${complaints.status} = 1`,
  ),
};

interface ShopRow {
  id: number;
  name: string;
  certType: number;
  ownerUserId: number;
  ownerUsername: string;
  reviewListings: boolean;
  createdAt: Date;
  listings: number;
  listed: number;
  pending: number;
  held: number;
  orders: number;
  complaints: number;
  openComplaints: number;
}

function reshapeShop(row: ShopRow): OpsShopView {
  const certType = certTypeOf(row.certType);
  return {
    id: row.id,
    name: row.name,
    cert_type: certType,
    cert_type_text: CERT_TYPE_LABEL[certType],
    owner_user_id: row.ownerUserId,
    owner_username: row.ownerUsername,
    listings: Number(row.listings),
    listed: Number(row.listed),
    pending: Number(row.pending),
    held: Number(row.held),
    orders: Number(row.orders),
    complaints: Number(row.complaints),
    open_complaints: Number(row.openComplaints),
    review_listings: row.reviewListings,
    created_at: row.createdAt.toISOString(),
  };
}

function shopConditions(query: Pick<OpsShopsQuery, 'cert_type' | 'q'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.cert_type !== 'all') conditions.push(eq(shops.certType, Number(query.cert_type)));
  if (query.q) {
    const pattern = containsPattern(query.q);
    const byId = /^\d{1,9}$/.test(query.q) ? [eq(shops.id, Number(query.q))] : [];
    conditions.push(or(ilike(shops.name, pattern), ilike(users.username, pattern), ...byId)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of shops, newest first, with their listings, orders and complaints counted. */
export async function listShopsForOps(db: DbOrTx, query: OpsShopsQuery): Promise<Page<OpsShopView>> {
  const where = shopConditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select(shopSelection)
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerUserId))
      .where(where)
      .orderBy(desc(shops.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(shops).innerJoin(users, eq(users.id, shops.ownerUserId)).where(where),
  ]);
  return { list: rows.map(reshapeShop), total: Number(counted?.n ?? 0), page: query.page, page_size: query.page_size };
}

/**
 * POST ops/sellers/review: every new listing and big price change of this shop waits for review
 * (or no longer does, beyond the site-wide setting). Listings already decided are not touched.
 */
export async function setShopReview(db: Db, actor: OperatorActor, body: OpsShopReviewBody, now: Date): Promise<OpsShopView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: shops.id, reviewListings: shops.reviewListings }).from(shops).where(eq(shops.id, body.shop_id)).for('update');
    if (!before) throw notFound(MSG_OPS_SHOP_NOT_FOUND);
    if (before.reviewListings === body.review_listings) throw conflict(MSG_OPS_SHOP_REVIEW_UNCHANGED);
    await tx.update(shops).set({ reviewListings: body.review_listings }).where(eq(shops.id, body.shop_id));
    await writeAudit(
      tx,
      actor,
      {
        action: body.review_listings ? 'shop.review_on' : 'shop.review_off',
        targetType: 'shop',
        targetId: body.shop_id,
        before: { review_listings: before.reviewListings },
        after: { review_listings: body.review_listings },
      },
      now,
    );
    const [row] = await tx.select(shopSelection).from(shops).innerJoin(users, eq(users.id, shops.ownerUserId)).where(eq(shops.id, body.shop_id));
    return reshapeShop(row!);
  });
}
