/**
 * A signed-in user's search history (docs/user-catalog-api.md "Search history"; spec §7 home
 * group "search history get and delete"): one row per keyword, newest first, at most
 * SEARCH_HISTORY_LIMIT kept per user. Searching a keyword again moves it to the top.
 *
 * Every function takes the caller's user id from requireUser, so a user only ever reads and
 * changes their own rows.
 */
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { SEARCH_HISTORY_LIMIT } from '~/features/catalog/constants';
import type { Db } from '~/platform/db/client';
import { searchHistory } from '~/platform/db/schema';
import type { SearchHistoryList } from '~/features/catalog/contract/user-catalog';

export type { SearchHistoryItem as SearchHistoryEntry, SearchHistoryList } from '~/features/catalog/contract/user-catalog';

/** The user's keywords, newest first (at most SEARCH_HISTORY_LIMIT). */
export async function listSearchHistory(db: Db, userId: number): Promise<SearchHistoryList> {
  const rows = await db
    .select({ keyword: searchHistory.keyword, searchedAt: searchHistory.searchedAt })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt))
    .limit(SEARCH_HISTORY_LIMIT);
  return { list: rows.map((row) => ({ keyword: row.keyword, searched_at: row.searchedAt.toISOString() })) };
}

/**
 * Record a search of `keyword` (already trimmed) at `now`: insert it or move it to the top, then
 * drop the user's rows beyond the newest SEARCH_HISTORY_LIMIT, in one transaction.
 *
 * searched_at is at least one microsecond after the user's newest row: two searches within the
 * same millisecond (a double submit, a fast test) still have a strict order, so "newest first" and
 * the cap never drop the keyword just searched.
 */
export async function recordSearch(db: Db, userId: number, keyword: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const newestOfUser = sql`(select max(${searchHistory.searchedAt}) + interval '1 microsecond' from ${searchHistory} where ${searchHistory.userId} = ${userId})`;
    const searchedAt = sql`greatest(${now.toISOString()}::timestamptz, ${newestOfUser})`;
    await tx
      .insert(searchHistory)
      .values({ userId, keyword, searchedAt })
      .onConflictDoUpdate({ target: [searchHistory.userId, searchHistory.keyword], set: { searchedAt: sql`excluded.searched_at` } });
    const kept = tx
      .select({ keyword: searchHistory.keyword })
      .from(searchHistory)
      .where(eq(searchHistory.userId, userId))
      .orderBy(desc(searchHistory.searchedAt))
      .limit(SEARCH_HISTORY_LIMIT);
    await tx.delete(searchHistory).where(and(eq(searchHistory.userId, userId), notInArray(searchHistory.keyword, kept)));
  });
}

/** Forget one keyword; a keyword that is not there is not an error. */
export async function deleteSearch(db: Db, userId: number, keyword: string): Promise<void> {
  await db.delete(searchHistory).where(and(eq(searchHistory.userId, userId), eq(searchHistory.keyword, keyword)));
}

/** Forget every keyword of the user. */
export async function clearSearchHistory(db: Db, userId: number): Promise<void> {
  await db.delete(searchHistory).where(eq(searchHistory.userId, userId));
}
