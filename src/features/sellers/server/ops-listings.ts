/**
 * The console's listings screen (permission `listings`): the review queue with its
 * decisions, a search over every listing, and the platform's take-down and restore.
 *
 * A decision runs the seller side's own rule (`applyListingReview`, services/seller-listings.ts)
 * inside one transaction with its audit row and the seller's message. The operator decides on the
 * listing as read: a listing saved again since (another updated_at) is refused with 409, so nobody
 * approves a title or a price they did not see.
 *
 * Take-down is a platform hold (listings.held_at / hold_reason, features/sellers/rules/listing-review.ts):
 * is_listed goes false in the same statement, so the hall, the shop page and the detail page (which
 * answers 账号已删除 for a held listing) drop it at once through catalog_version, and renting or
 * renewing it is refused. Rentals already paid keep running. The listing row is taken FOR UPDATE,
 * and creating a rental takes it FOR KEY SHARE first (orders/server/booking.ts lockListingForRental), so a rental
 * being created at that moment either lands before the hold or is refused.
 */
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '~/platform/wire/common';
import {
  MSG_OPS_STALE_LISTING,
  type OpsListingDecideBody,
  type OpsListingDecision,
  type OpsListingHoldAnswer,
  type OpsListingRestoreBody,
  type OpsListingRow,
  type OpsListingShop,
  type OpsListingTakeDownBody,
  type OpsListingsQuery,
  type OpsReviewItem,
  type OpsReviewQueueQuery,
} from '~/features/sellers/contract/ops-sellers';
import { MSG_LISTING_NOT_FOUND } from '~/features/sellers/contract/seller-listings';
import { REVIEW_STATUS_LABEL, SELLER_STATE_LABEL, isListedAs } from '~/features/sellers/rules/listing-form';
import { REVIEW_CHANGE_LABEL, canRestore, canTakeDown, reviewChange } from '~/features/sellers/rules/listing-review';
import { fenToYuan } from '~/platform/rules/money';
import type { CertType } from '~/features/sellers/rules/settlement';
import type { Db, DbOrTx } from '~/platform/db/client';
import { games, listingAttrs, listings, platforms, shops, users, zones } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { containsPattern } from '~/features/catalog/server';
import { applyListingReview, type ListingRow } from '~/features/sellers/server/seller-listings';
import { notifyListingHeld, notifyListingRestored, notifyListingReviewed } from '~/features/sellers/server/seller-notification-events';
import { cardVariantUrl } from '~/platform/db/uploads';
import { writeAudit, type OperatorActor } from '~/features/console/server';
import { MSG_OPS_LISTING_HELD_FOR_BAN } from '~/features/console/contract/ops-users';
import { listingRowColumns } from '~/features/sellers/server/listing-columns';

const certTypeOf = (value: number): CertType => (value === 1 || value === 2 ? value : 0);
const listingNotFound = () => notFound(MSG_LISTING_NOT_FOUND);

const shopColumns = {
  shopId: shops.id,
  shopName: shops.name,
  shopCertType: shops.certType,
  ownerUsername: users.username,
};

function shopOf(row: { shopId: number; shopName: string; shopCertType: number; ownerUsername: string }): OpsListingShop {
  return { id: row.shopId, name: row.shopName, cert_type: certTypeOf(row.shopCertType), owner_username: row.ownerUsername };
}

/**
 * A console search text: a listing id (all digits), or part of a title, a role name or a shop's
 * name. Two characters or more use the hall's bigram index for title and role name (the same
 * expression as catalog.ts searchText), so a search does not read every listing.
 */
function textCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  let inText: SQL = sql`(${listings.title} ilike ${pattern} or ${listings.roleName} ilike ${pattern})`;
  if (Array.from(q).length >= 2) inText = sql`(hall_bigrams(${listings.title} || ' ' || ${listings.roleName}) @> hall_bigrams(${q}) and ${inText})`;
  const byShop = sql`${listings.shopId} in (select ${shops.id} from ${shops} where ${shops.name} ilike ${pattern})`;
  const byId = /^\d{1,9}$/.test(q) ? [eq(listings.id, Number(q))] : [];
  return or(inText, byShop, ...byId);
}

// ---------------------------------------------------------------------------------------------
// the review queue

const REVIEW_IMAGES_SHOWN = 8;

/** Pending listings the seller has not deleted, oldest change first (listings_review_queue_idx). */
export async function listReviewQueue(db: DbOrTx, query: OpsReviewQueueQuery): Promise<Page<OpsReviewItem>> {
  const where = and(
    eq(listings.reviewStatus, 'pending'),
    ne(listings.sellerState, 'deleted'),
    query.game_id === undefined ? undefined : eq(listings.gameId, query.game_id),
    textCondition(query.q),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        listing: listings,
        gameName: games.name,
        platformName: platforms.name,
        zoneName: zones.name,
        ...shopColumns,
      })
      .from(listings)
      .innerJoin(games, eq(games.id, listings.gameId))
      .innerJoin(shops, eq(shops.id, listings.shopId))
      .innerJoin(users, eq(users.id, shops.ownerUserId))
      .leftJoin(platforms, eq(platforms.id, listings.platformId))
      .leftJoin(zones, eq(zones.id, listings.zoneId))
      .where(where)
      .orderBy(asc(listings.updatedAt), asc(listings.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(listings).where(where),
  ]);
  const ids = rows.map((row) => row.listing.id);
  const attrRows = ids.length
    ? await db
        .select({ listingId: listingAttrs.listingId, attr_name: listingAttrs.attrName, value: listingAttrs.value })
        .from(listingAttrs)
        .where(inArray(listingAttrs.listingId, ids))
        .orderBy(asc(listingAttrs.id))
    : [];
  return {
    list: rows.map(({ listing, gameName, platformName, zoneName, ...shop }) => {
      const change = reviewChange(listing.reviewFromRentalFen, listing.rentalFen);
      return {
        id: listing.id,
        title: listing.title,
        role_name: listing.roleName,
        images: listing.imgs.slice(0, REVIEW_IMAGES_SHOWN).map((url) => ({ thumb: cardVariantUrl(url), full: url })),
        game_id: listing.gameId,
        game_name: gameName,
        platform_name: platformName,
        zone_name: zoneName,
        attrs: attrRows.filter((attr) => attr.listingId === listing.id).map(({ attr_name, value }) => ({ attr_name, value })),
        shop: shopOf(shop),
        rental: fenToYuan(listing.rentalFen),
        rental_fen: listing.rentalFen,
        deposit: fenToYuan(listing.depositFen),
        min_rental_period: listing.minRentalHours,
        rental_time: listing.rentalTime,
        change:
          change.kind === 'new'
            ? { kind: 'new', kind_text: REVIEW_CHANGE_LABEL.new, from: null, from_fen: null, change_percent: null }
            : { kind: 'price', kind_text: REVIEW_CHANGE_LABEL.price, from: fenToYuan(change.fromFen), from_fen: change.fromFen, change_percent: change.changePercent },
        seller_state: listing.sellerState,
        seller_state_text: SELLER_STATE_LABEL[listing.sellerState],
        hold_reason: listing.holdReason,
        created_at: listing.createdAt.toISOString(),
        updated_at: listing.updatedAt.toISOString(),
      };
    }),
    total: Number(counted?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/** How many listings wait for review (the menu's and the tab's count). */
export async function countPendingListings(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.reviewStatus, 'pending'), ne(listings.sellerState, 'deleted')));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// every listing

const STATE_CONDITION: Record<OpsListingsQuery['state'], SQL> = {
  all: ne(listings.sellerState, 'deleted'),
  listed: sql`${listings.isListed}`,
  pending: and(eq(listings.reviewStatus, 'pending'), ne(listings.sellerState, 'deleted'))!,
  rejected: and(eq(listings.reviewStatus, 'rejected'), ne(listings.sellerState, 'deleted'))!,
  off_shelf: eq(listings.sellerState, 'off_shelf'),
  maintenance: eq(listings.sellerState, 'maintenance'),
  held: isNotNull(listings.heldAt),
  deleted: eq(listings.sellerState, 'deleted'),
};

/** One page of listings matching the console's search, newest first. */
export async function searchListingsForOps(db: DbOrTx, query: OpsListingsQuery): Promise<Page<OpsListingRow>> {
  const where = and(
    STATE_CONDITION[query.state],
    query.game_id === undefined ? undefined : eq(listings.gameId, query.game_id),
    query.shop_id === undefined ? undefined : eq(listings.shopId, query.shop_id),
    textCondition(query.q),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...listingRowColumns,
        ...shopColumns,
      })
      .from(listings)
      .innerJoin(games, eq(games.id, listings.gameId))
      .innerJoin(shops, eq(shops.id, listings.shopId))
      .innerJoin(users, eq(users.id, shops.ownerUserId))
      .where(where)
      .orderBy(desc(listings.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(listings).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      title: row.title,
      cover: row.cover ? cardVariantUrl(row.cover) : null,
      game_id: row.gameId,
      game_name: row.gameName,
      shop: shopOf(row),
      rental: fenToYuan(row.rentalFen),
      rental_fen: row.rentalFen,
      seller_state: row.sellerState,
      seller_state_text: SELLER_STATE_LABEL[row.sellerState],
      review_status: row.reviewStatus,
      review_status_text: REVIEW_STATUS_LABEL[row.reviewStatus],
      review_reason: row.reviewReason,
      hold_reason: row.holdReason,
      held_at: row.heldAt?.toISOString() ?? null,
      is_listed: row.isListed,
      is_rented: row.isRented,
      updated_at: row.updatedAt.toISOString(),
    })),
    total: Number(counted?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

// ---------------------------------------------------------------------------------------------
// actions

/** What the audit log keeps of a listing: its states and price, never its login details. */
function auditListing(row: ListingRow): Record<string, unknown> {
  return {
    title: row.title,
    rental_fen: row.rentalFen,
    review_from_rental_fen: row.reviewFromRentalFen,
    seller_state: row.sellerState,
    review_status: row.reviewStatus,
    review_reason: row.reviewReason,
    held: row.heldAt !== null,
    hold_reason: row.holdReason,
    is_listed: row.isListed,
  };
}

async function sellerOf(tx: DbOrTx, shopId: number): Promise<number> {
  const [shop] = await tx.select({ ownerUserId: shops.ownerUserId }).from(shops).where(eq(shops.id, shopId));
  return shop!.ownerUserId;
}

/** POST ops/listings/decide: approve (listed at once if on the shelf) or reject with the reason the seller sees. */
export async function decideListing(db: Db, actor: OperatorActor, body: OpsListingDecideBody, now: Date): Promise<OpsListingDecision> {
  const seen = new Date(body.seen_updated_at).getTime();
  return db.transaction(async (tx) => {
    const decision = body.decision === 'approve' ? ({ approve: true } as const) : ({ approve: false, reason: body.reason } as const);
    const { before, after } = await applyListingReview(tx, body.id, decision, now, (row) => {
      if (row.updatedAt.getTime() !== seen) throw conflict(MSG_OPS_STALE_LISTING);
    });
    await writeAudit(
      tx,
      actor,
      {
        action: body.decision === 'approve' ? 'listing.approve' : 'listing.reject',
        targetType: 'listing',
        targetId: after.id,
        before: auditListing(before),
        after: auditListing(after),
        reason: body.decision === 'reject' ? body.reason : null,
      },
      now,
    );
    await notifyListingReviewed(tx, await sellerOf(tx, after.shopId), after, body.decision === 'approve', now);
    return { id: after.id, review_status: after.reviewStatus, review_reason: after.reviewReason, is_listed: after.isListed };
  });
}

async function lockListing(tx: DbOrTx, id: number): Promise<ListingRow> {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
  if (!row) throw listingNotFound();
  return row;
}

/** POST ops/listings/take-down: the platform's hold, with the reason the seller sees on 我的出租. */
export async function takeDownListing(db: Db, actor: OperatorActor, body: OpsListingTakeDownBody, now: Date): Promise<OpsListingHoldAnswer> {
  return db.transaction(async (tx) => {
    const before = await lockListing(tx, body.id);
    const step = canTakeDown({ sellerState: before.sellerState, held: before.heldAt !== null });
    if (!step.ok) throw conflict(step.error);
    const [after] = await tx
      .update(listings)
      .set({ heldAt: now, holdReason: body.reason, isListed: false, updatedAt: now })
      .where(eq(listings.id, before.id))
      .returning();
    await writeAudit(tx, actor, { action: 'listing.take_down', targetType: 'listing', targetId: before.id, before: auditListing(before), after: auditListing(after!), reason: body.reason }, now);
    await notifyListingHeld(tx, await sellerOf(tx, before.shopId), before, body.reason, now);
    return { id: before.id, held: true, hold_reason: body.reason, is_listed: false };
  });
}

/** POST ops/listings/restore: lifts the hold; the seller's own state and the review decide again whether it shows. */
export async function restoreListing(db: Db, actor: OperatorActor, body: OpsListingRestoreBody, now: Date): Promise<OpsListingHoldAnswer> {
  return db.transaction(async (tx) => {
    const before = await lockListing(tx, body.id);
    const step = canRestore({ held: before.heldAt !== null });
    if (!step.ok) throw conflict(step.error);
    // A ban's hold belongs to the ban: unbanning the owner lifts it (services/ops/users.ts).
    if (before.heldForBan) throw conflict(MSG_OPS_LISTING_HELD_FOR_BAN);
    const isListed = isListedAs(before.sellerState, before.reviewStatus, false);
    const [after] = await tx
      .update(listings)
      .set({ heldAt: null, holdReason: null, isListed, updatedAt: now })
      .where(eq(listings.id, before.id))
      .returning();
    await writeAudit(tx, actor, { action: 'listing.restore', targetType: 'listing', targetId: before.id, before: auditListing(before), after: auditListing(after!), reason: body.reason ?? null }, now);
    if (before.sellerState !== 'deleted') await notifyListingRestored(tx, await sellerOf(tx, before.shopId), { id: before.id, title: before.title, isListed }, now);
    return { id: before.id, held: false, hold_reason: null, is_listed: isListed };
  });
}
