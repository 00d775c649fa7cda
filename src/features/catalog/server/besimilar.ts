/**
 * 找相似 account_besimilar (spec §2 account route, §7 zuhao "similar accounts"): accounts
 * like a given one. Only listed accounts of the same game, never the account itself, priced
 * within ±BESIMILAR_PRICE_BAND_PERCENT of its hourly price; ranked by how many attributes they
 * share with it (same name and value: rank, skins, account type ...), then same platform and
 * zone, then nearest price, then popularity. The given account may itself be unlisted (an old
 * order's): that is exactly when a renter wants something like it.
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { BESIMILAR_PAGE_SIZE_MAX, BESIMILAR_PRICE_BAND_PERCENT } from '~/features/catalog/constants';
import type { BesimilarPage } from '~/features/catalog/contract/besimilar';
import type { Db } from '~/platform/db/client';
import { listingAttrs, listings } from '~/platform/db/schema';
import { accountDeleted, getListingDetail, isRowId, selectCards } from '~/features/catalog/server/catalog';
import { reshapeListingCard } from '~/features/catalog/server/catalog.reshape';

export async function listBesimilar(db: Db, accountId: number, paging: { page?: number; page_size?: number }, now: Date): Promise<BesimilarPage> {
  if (!isRowId(accountId)) throw accountDeleted();
  const source = await getListingDetail(db, accountId, now); // 404 -400 账号已删除 for a gone account
  const [self] = await db
    .select({ gameId: listings.gameId, rentalFen: listings.rentalFen, platformId: listings.platformId, zoneId: listings.zoneId })
    .from(listings)
    .where(eq(listings.id, accountId));
  if (!self) throw accountDeleted();
  const page = Math.max(1, Math.trunc(paging.page ?? 1) || 1);
  const pageSize = Math.min(BESIMILAR_PAGE_SIZE_MAX, Math.max(1, Math.trunc(paging.page_size ?? 12) || 12));
  const band = Math.round((self.rentalFen * BESIMILAR_PRICE_BAND_PERCENT) / 100);
  const where = and(
    sql`${listings.isListed}`,
    eq(listings.gameId, self.gameId),
    ne(listings.id, accountId),
    sql`${listings.rentalFen} between ${self.rentalFen - band} and ${self.rentalFen + band}`,
  );
  // Attributes shared with the given account: the ids are values, never outer columns (drizzle
  // leaves single-table columns bare, so a correlated name would be ambiguous).
  const shared = sql<number>`(select count(*)::int from ${listingAttrs} a join ${listingAttrs} b on b.attr_name = a.attr_name and b.value = a.value where a.listing_id = ${accountId} and b.listing_id = ${listings.id})`;
  const sameWhere = sql<number>`((${listings.platformId} is not distinct from ${self.platformId})::int + (${listings.zoneId} is not distinct from ${self.zoneId})::int)`;
  const [rows, [totalRow]] = await Promise.all([
    selectCards(db)
      .where(where)
      .orderBy(desc(shared), desc(sameWhere), sql`abs(${listings.rentalFen} - ${self.rentalFen})`, desc(listings.popularity), listings.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return {
    source: { id: source.id, title: source.title, game_name: source.game.name, game_path: source.game_path, rental_fen: source.rental_fen },
    list: rows.map((row) => reshapeListingCard(row, now)),
    total: Number(totalRow?.n ?? 0),
    page,
    page_size: pageSize,
  };
}
