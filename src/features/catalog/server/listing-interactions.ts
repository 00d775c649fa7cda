/**
 * A signed-in user's likes and collections (docs/user-catalog-api.md "Likes and collections";
 * spec §7 detail "like" and "game-changing detail", account "collections"; spec §3 is_collection).
 *
 * A listing that does not exist is "deleted", as on the detail page (catalog.ts getListingDetail):
 * 404 with code -400 and 账号已删除 (accountDeleted). Listings have no deleted flag; an unlisted one
 * still exists and can be liked, collected and shown with its availability.
 *
 * Likes and collections are idempotent: liking twice keeps one row (insert ... on conflict do
 * nothing), unliking what is not liked deletes nothing. Counts are count(*) on the listing's rows.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AccountState, CollectResult, LikeResult } from '~/features/catalog/contract/user-catalog';
import type { ListingCard, Page } from '~/features/catalog/types';
import { COLLECTIONS_PAGE_SIZE_DEFAULT, COLLECTIONS_PAGE_SIZE_MAX } from '~/features/catalog/constants';
import type { Db } from '~/platform/db/client';
import { collections, listingLikes, listings } from '~/platform/db/schema';
import { accountDeleted, isRowId, selectCards } from '~/features/catalog/server/catalog';
import { reshapeListingCard } from '~/features/catalog/server/catalog.reshape';
import type { PageRequest } from '~/features/catalog/server/catalog.types';
import { ID_MAX } from '~/platform/wire/common';

// ---------------------------------------------------------------------------------------------
// answers

/** GET detail/accountState. */
export type { AccountState };

/** POST detail/like. */
export type LikeState = LikeResult;

/** POST account/collect and account/uncollect. */
export type CollectionState = CollectResult;

/** 23503: the listing was deleted between the request and the insert (the foreign key refused it). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * The user's like and collection of the listing and its counts, in one statement; null when the
 * listing does not exist. Subqueries take the ids as values, never an outer column: drizzle leaves
 * the columns of a single-table select bare, so a correlated reference would be ambiguous.
 */
async function readAccountState(db: Db, userId: number, listingId: number): Promise<AccountState | null> {
  const [row] = await db
    .select({
      isLiked: sql<boolean>`exists (select 1 from ${listingLikes} where ${listingLikes.userId} = ${userId} and ${listingLikes.listingId} = ${listingId})`,
      isCollection: sql<boolean>`exists (select 1 from ${collections} where ${collections.userId} = ${userId} and ${collections.listingId} = ${listingId})`,
      likeCount: sql<number>`(select count(*)::int from ${listingLikes} where ${listingLikes.listingId} = ${listingId})`,
      collectionCount: sql<number>`(select count(*)::int from ${collections} where ${collections.listingId} = ${listingId})`,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!row) return null;
  return {
    is_collection: Boolean(row.isCollection),
    is_liked: Boolean(row.isLiked),
    like_count: Number(row.likeCount),
    collection_count: Number(row.collectionCount),
  };
}

async function requireAccountState(db: Db, userId: number, listingId: number): Promise<AccountState> {
  if (!isRowId(listingId)) throw accountDeleted();
  const state = await readAccountState(db, userId, listingId);
  if (!state) throw accountDeleted();
  return state;
}

/** GET detail/accountState: this user's like and collection of the listing and both counts. */
export async function accountState(db: Db, userId: number, listingId: number): Promise<AccountState> {
  return requireAccountState(db, userId, listingId);
}

/** Run an insert of a like or collection, answering a listing deleted meanwhile as accountDeleted. */
async function insertOrDeleted(insert: Promise<unknown>): Promise<void> {
  try {
    await insert;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw accountDeleted(error);
    throw error;
  }
}

/** POST detail/like: like (idempotent) or unlike the listing; the answer is after the change. */
export async function setLike(db: Db, userId: number, listingId: number, liked: boolean, now: Date): Promise<LikeState> {
  if (!isRowId(listingId)) throw accountDeleted();
  if (liked) {
    await insertOrDeleted(db.insert(listingLikes).values({ userId, listingId, createdAt: now }).onConflictDoNothing());
  } else {
    await db.delete(listingLikes).where(and(eq(listingLikes.userId, userId), eq(listingLikes.listingId, listingId)));
  }
  const state = await requireAccountState(db, userId, listingId);
  return { is_liked: state.is_liked, like_count: state.like_count };
}

/**
 * POST account/collect and account/uncollect: collect (idempotent; collecting again keeps the first
 * time, so the list order does not change) or uncollect the listing; the answer is after the change.
 */
export async function setCollected(
  db: Db,
  userId: number,
  listingId: number,
  collected: boolean,
  now: Date,
): Promise<CollectionState> {
  if (!isRowId(listingId)) throw accountDeleted();
  if (collected) {
    await insertOrDeleted(db.insert(collections).values({ userId, listingId, createdAt: now }).onConflictDoNothing());
  } else {
    await db.delete(collections).where(and(eq(collections.userId, userId), eq(collections.listingId, listingId)));
  }
  const state = await requireAccountState(db, userId, listingId);
  return { is_collection: state.is_collection, collection_count: state.collection_count };
}

/**
 * GET account/collections: the user's collected listings as hall cards (catalog.ts selectCards and
 * reshapeListingCard, so the card is the rental hall's), newest collected first. Unlisted listings
 * stay in the list with their availability; a deleted listing's collection goes with it (cascade).
 */
export async function listCollections(db: Db, userId: number, paging: PageRequest, now: Date): Promise<Page<ListingCard>> {
  const page = Math.min(ID_MAX, Math.max(1, Math.trunc(paging.page ?? 1) || 1));
  const pageSize = Math.min(
    COLLECTIONS_PAGE_SIZE_MAX,
    Math.max(1, Math.trunc(paging.page_size ?? COLLECTIONS_PAGE_SIZE_DEFAULT) || COLLECTIONS_PAGE_SIZE_DEFAULT),
  );
  const [rows, [totalRow]] = await Promise.all([
    selectCards(db)
      .innerJoin(collections, and(eq(collections.listingId, listings.id), eq(collections.userId, userId)))
      .orderBy(desc(collections.createdAt), desc(collections.listingId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(collections).where(eq(collections.userId, userId)),
  ]);
  return {
    list: rows.map((row) => reshapeListingCard(row, now)),
    total: Number(totalRow?.n ?? 0),
    page,
    page_size: pageSize,
  };
}
