/**
 * Becoming a seller ("Who sells"; the state machine is features/sellers/rules/seller-certification.ts).
 *
 * An approved certification makes (or retypes) the user's shop: the shop's cert_type is what the
 * listings' badges show (spec §6). A seller already approved may apply for another type; the shop
 * keeps its approved type until the new application is approved. Operators approve and reject
 * in the console (services/ops/sellers.ts), which runs `applyCertificationDecision` inside its
 * own transaction beside the audit row.
 */
import { eq } from 'drizzle-orm';
import {
  CERT_TYPE_LABEL,
  CERTIFICATION_STATE_LABEL,
  MSG_NOT_SELLER,
  SELLER_CODES,
  type CertificationBody,
  type CertificationView,
  type SellerProfile,
} from '~/features/sellers/contract/seller';
import { nextCertification, type CertificationEvent, type CertificationState } from '~/features/sellers/rules/seller-certification';
import type { CertType } from '~/features/sellers/rules/settlement';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { sellerCertifications, shops, users } from '~/platform/db/schema';
import { AppError, conflict, notFound } from '~/platform/http/errors';
import { readSettings } from '~/features/content/server';

export const MSG_NO_APPLICATION = '没有进行中的卖家申请';
export const MSG_SAME_TYPE = '您已是该类型的卖家';

/** The caller's shop, for every seller call. */
export interface SellerShop {
  userId: number;
  shopId: number;
  certType: CertType;
  /** An operator asked that this shop's listings wait for review even while review is off. */
  reviewListings: boolean;
}

export const notSeller = (): AppError => new AppError(SELLER_CODES.notSeller, MSG_NOT_SELLER, 403);

/** The caller's shop, or 403 code 1101 请先申请成为卖家. */
export async function requireSeller(db: DbOrTx, userId: number): Promise<SellerShop> {
  const [shop] = await db.select({ id: shops.id, certType: shops.certType, reviewListings: shops.reviewListings }).from(shops).where(eq(shops.ownerUserId, userId));
  if (!shop) throw notSeller();
  return { userId, shopId: shop.id, certType: shop.certType as CertType, reviewListings: shop.reviewListings };
}

export type CertificationRow = typeof sellerCertifications.$inferSelect;

const maskLicence = (licence: string): string => `${licence.slice(0, 4)}${'*'.repeat(Math.max(0, licence.length - 8))}${licence.slice(-4)}`;

export function toCertificationView(row: CertificationRow): CertificationView {
  const certType = row.certType as CertType;
  const details = { ...row.details };
  if (row.state === 'approved' && details.license_no) details.license_no = maskLicence(details.license_no);
  return {
    cert_type: certType,
    cert_type_text: CERT_TYPE_LABEL[certType],
    state: row.state,
    state_text: CERTIFICATION_STATE_LABEL[row.state],
    shop_name: row.shopName,
    details,
    reject_reason: row.rejectReason,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export async function getSellerProfile(db: DbOrTx, userId: number): Promise<SellerProfile> {
  const [[user], [row], [shop], settings] = await Promise.all([
    db.select({ isRealName: users.isRealName }).from(users).where(eq(users.id, userId)),
    db.select().from(sellerCertifications).where(eq(sellerCertifications.userId, userId)),
    db.select({ id: shops.id, name: shops.name, certType: shops.certType }).from(shops).where(eq(shops.ownerUserId, userId)),
    readSettings(db, ['seller.commission_bps', 'seller.earnings_hold_hours']),
  ]);
  const bps = settings['seller.commission_bps'];
  return {
    real_name_verified: user?.isRealName ?? false,
    certification: row ? toCertificationView(row) : null,
    shop: shop ? { id: shop.id, name: shop.name, cert_type: shop.certType as CertType, cert_type_text: CERT_TYPE_LABEL[shop.certType as CertType] } : null,
    commission_percent: { 0: bps[0] / 100, 1: bps[1] / 100, 2: bps[2] / 100 },
    earnings_hold_hours: settings['seller.earnings_hold_hours'],
  };
}

async function lockCertification(tx: DbTx, userId: number): Promise<CertificationRow | undefined> {
  // The user row serialises two submissions of one user (the certification row may not exist yet).
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx.select().from(sellerCertifications).where(eq(sellerCertifications.userId, userId)).for('update');
  return row;
}

/** An approved application becomes the user's shop (created, or renamed and retyped). */
async function openShop(tx: DbTx, row: Pick<CertificationRow, 'userId' | 'certType' | 'shopName'>, now: Date): Promise<void> {
  await tx
    .insert(shops)
    .values({ ownerUserId: row.userId, name: row.shopName, certType: row.certType, createdAt: now })
    .onConflictDoUpdate({ target: shops.ownerUserId, set: { name: row.shopName, certType: row.certType } });
}

function step(current: { state: CertificationState; certType: CertType }, event: CertificationEvent) {
  const result = nextCertification(current, event);
  if (!result.ok) throw conflict(result.error);
  return result;
}

/** POST seller/certification: an individual owner is approved at once (real name verified); a store or merchant waits for review. */
export async function submitCertification(db: Db, userId: number, body: CertificationBody, now: Date): Promise<SellerProfile> {
  await db.transaction(async (tx) => {
    const row = await lockCertification(tx, userId);
    const [user] = await tx.select({ isRealName: users.isRealName }).from(users).where(eq(users.id, userId));
    const certType = body.cert_type as CertType;
    if (row?.state === 'approved' && row.certType === certType) throw conflict(MSG_SAME_TYPE);
    // A new type after an approval is a new application: it starts from a draft.
    const from: CertificationState = !row || row.state === 'approved' ? 'draft' : row.state;
    const next = step({ state: from, certType }, { type: 'submit', realNameVerified: user?.isRealName ?? false });
    const values = {
      certType,
      state: next.state,
      shopName: body.shop_name,
      details: 'details' in body ? body.details : {},
      rejectReason: null,
      submittedAt: now,
      decidedAt: next.state === 'approved' ? now : null,
      updatedAt: now,
    };
    await tx.insert(sellerCertifications).values({ userId, ...values, createdAt: now }).onConflictDoUpdate({ target: sellerCertifications.userId, set: values });
    if (next.state === 'approved') await openShop(tx, { userId, certType, shopName: body.shop_name }, now);
  });
  return getSellerProfile(db, userId);
}

/** DELETE seller/certification: withdraws an application under review back to a draft. */
export async function withdrawCertification(db: Db, userId: number, now: Date): Promise<SellerProfile> {
  await db.transaction(async (tx) => {
    const row = await lockCertification(tx, userId);
    if (!row) throw notFound(MSG_NO_APPLICATION);
    const next = step({ state: row.state, certType: row.certType as CertType }, { type: 'withdraw' });
    await tx.update(sellerCertifications).set({ state: next.state, updatedAt: now }).where(eq(sellerCertifications.userId, userId));
  });
  return getSellerProfile(db, userId);
}

export type CertificationDecision = { approve: true } | { approve: false; reason: string };

/**
 * An operator's decision on an application under review, inside the caller's transaction (the
 * console's, beside its audit row and the seller's message): approved opens or retypes the shop;
 * rejected keeps the reason the seller reads on /seller/apply. `check` sees the locked row first
 * (the console refuses a decision on an application changed since the operator read it).
 */
export async function applyCertificationDecision(
  tx: DbTx,
  userId: number,
  decision: CertificationDecision,
  now: Date,
  check?: (row: CertificationRow) => void,
): Promise<{ before: CertificationRow; after: CertificationRow }> {
  const row = await lockCertification(tx, userId);
  if (!row) throw notFound(MSG_NO_APPLICATION);
  check?.(row);
  const event: CertificationEvent = decision.approve ? { type: 'approve' } : { type: 'reject', reason: decision.reason };
  const next = step({ state: row.state, certType: row.certType as CertType }, event);
  const [updated] = await tx
    .update(sellerCertifications)
    .set({ state: next.state, rejectReason: next.rejectReason, decidedAt: now, updatedAt: now })
    .where(eq(sellerCertifications.userId, userId))
    .returning();
  if (next.state === 'approved') await openShop(tx, row, now);
  return { before: row, after: updated! };
}

/** The same decision in a transaction of its own (tests; no operator, so no audit row). */
export async function decideCertification(db: Db, userId: number, decision: CertificationDecision, now: Date): Promise<CertificationView> {
  return db.transaction(async (tx) => toCertificationView((await applyCertificationDecision(tx, userId, decision, now)).after));
}
