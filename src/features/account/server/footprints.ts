/**
 * 我的足迹 (spec §7 account "footprints"): the accounts a signed-in user viewed.
 *
 * A view is recorded by the detail page's signed-in call (detail/accountState), on the server, as
 * one upsert keyed by (user, listing, Shanghai day): a day's repeated views stay one row whose
 * viewed_at moves to the latest view, so the list is "newest first, one line per account per day".
 * Rows older than FOOTPRINT_KEEP_DAYS go in housekeeping (pruneOldFootprints).
 */
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { MS_PER_DAY } from '~/platform/config/constants';
import { FOOTPRINT_KEEP_DAYS, FOOTPRINT_PAGE_SIZE_DEFAULT, FOOTPRINT_PAGE_SIZE_MAX } from '~/features/account/constants';
import type { FootprintClearResult, FootprintItem, FootprintPage } from '~/features/account/contract/footprints';
import { formatShanghaiDate } from '~/platform/rules/shanghai-time';
import type { Db, DbOrTx } from '~/platform/db/client';
import { footprints, listings } from '~/platform/db/schema';
import { notFound } from '~/platform/http/errors';
import { isRowId, selectCards, reshapeListingCard } from '~/features/catalog/server';

export const MSG_FOOTPRINT_NOT_FOUND = '足迹不存在';

/** 23503: the listing went between the caller's check and the insert; a view of nothing is no footprint. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Records that `userId` viewed `listingId` at `now`: one statement, idempotent within a Shanghai
 * day. The `where` keeps a late-arriving older view from moving viewed_at backwards.
 */
export async function recordFootprint(db: DbOrTx, userId: number, listingId: number, now: Date): Promise<void> {
  if (!isRowId(listingId)) return;
  try {
    await db
      .insert(footprints)
      .values({ userId, listingId, viewedDay: formatShanghaiDate(now), viewedAt: now })
      .onConflictDoUpdate({
        target: [footprints.userId, footprints.listingId, footprints.viewedDay],
        set: { viewedAt: sql`excluded.viewed_at` },
        setWhere: sql`${footprints.viewedAt} < excluded.viewed_at`,
      });
  } catch (error) {
    if (isForeignKeyViolation(error)) return;
    throw error;
  }
}

function clampPage(page: number | undefined, pageSize: number | undefined): { page: number; pageSize: number } {
  return {
    page: Math.max(1, Math.trunc(page ?? 1) || 1),
    pageSize: Math.min(FOOTPRINT_PAGE_SIZE_MAX, Math.max(1, Math.trunc(pageSize ?? FOOTPRINT_PAGE_SIZE_DEFAULT) || FOOTPRINT_PAGE_SIZE_DEFAULT)),
  };
}

/** The instant before which footprints are no longer kept (and no longer listed, even before housekeeping ran). */
export function footprintCutoff(now: Date): Date {
  return new Date(now.getTime() - FOOTPRINT_KEEP_DAYS * MS_PER_DAY);
}

/**
 * GET account/footprints: newest view first, the hall's card for each listing. A listing the
 * seller deleted goes with its footprints (cascade); an unlisted one stays with its availability.
 */
export async function listFootprints(db: Db, userId: number, paging: { page?: number; page_size?: number }, now: Date): Promise<FootprintPage> {
  const { page, pageSize } = clampPage(paging.page, paging.page_size);
  const mine = and(eq(footprints.userId, userId), sql`${footprints.viewedAt} >= ${footprintCutoff(now)}`);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ id: footprints.id, listingId: footprints.listingId, viewedDay: footprints.viewedDay, viewedAt: footprints.viewedAt })
      .from(footprints)
      .where(mine)
      .orderBy(desc(footprints.viewedAt), desc(footprints.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(footprints).where(mine),
  ]);
  const ids = [...new Set(rows.map((row) => row.listingId))];
  const cards = ids.length === 0 ? [] : await selectCards(db).where(inArray(listings.id, ids));
  const byId = new Map(cards.map((card) => [card.id, reshapeListingCard(card, now)]));
  const list: FootprintItem[] = [];
  for (const row of rows) {
    const listing = byId.get(row.listingId);
    if (listing) list.push({ id: row.id, viewed_day: row.viewedDay, viewed_at: row.viewedAt.toISOString(), listing });
  }
  return { list, total: Number(totalRow?.n ?? 0), page, page_size: pageSize };
}

/** POST account/footprintDelete: one of the caller's footprints; another user's id is "not found" too. */
export async function deleteFootprint(db: DbOrTx, userId: number, id: number): Promise<FootprintClearResult> {
  const gone = await db
    .delete(footprints)
    .where(and(eq(footprints.id, id), eq(footprints.userId, userId)))
    .returning({ id: footprints.id });
  if (gone.length === 0) throw notFound(MSG_FOOTPRINT_NOT_FOUND);
  return { deleted: 1 };
}

/** POST account/footprintClear: all of the caller's footprints (idempotent). */
export async function clearFootprints(db: DbOrTx, userId: number): Promise<FootprintClearResult> {
  const gone = await db.delete(footprints).where(eq(footprints.userId, userId)).returning({ id: footprints.id });
  return { deleted: gone.length };
}

/** Housekeeping: footprints older than FOOTPRINT_KEEP_DAYS. */
export async function pruneOldFootprints(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db.delete(footprints).where(lt(footprints.viewedAt, footprintCutoff(now))).returning({ id: footprints.id });
  return gone.length;
}
