/**
 * Free rentals (spec §7 free group: games, list, promotion, free count). This module reads
 * offers and the user's allowance; free-orders.ts creates and lists the free orders themselves.
 *
 * Our rules (the spec is silent):
 * - An offer is active at `now` when starts_at <= now < ends_at (start inclusive, end exclusive)
 *   and its listing is listed and not rented. A game in maintenance keeps its offers; the card
 *   shows 维护中 as everywhere else.
 * - Every signed-in user gets FREE_RENTALS_PER_DAY free rentals per Shanghai calendar day; the
 *   free count is that minus the user's free orders of the day, cancelled ones included (see
 *   countFreeOrdersToday).
 * - The promotion is the platform's campaign text (constants) with the number of active offers.
 *
 * Reads only; every function takes the `now` it is evaluated at (STYLE: no clock read inside).
 * Cards come from catalog.ts's one card selection and catalog.reshape.ts.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Page } from '~/features/catalog/types';
import { FREE_LIST_PAGE_SIZE_DEFAULT, FREE_LIST_PAGE_SIZE_MAX, FREE_PROMOTION_TEXT, FREE_PROMOTION_TITLE, FREE_RENTALS_PER_DAY } from '~/features/free/constants';
import { shanghaiMidnight } from '~/platform/rules/shanghai-time';
import type { Db, DbOrTx } from '~/platform/db/client';
import { freeOffers, games, listings, orders } from '~/platform/db/schema';
import { gameSelection, isRowId, MAX_PAGE, selectCards, reshapeGame, reshapeListingCard } from '~/features/catalog/server';
import type { FreeCount, FreeGame, FreeListQuery, FreeOfferCard, FreePromotion } from '~/features/free/contract/free';

// ---------------------------------------------------------------------------------------------
// shapes

export type { FreeCount, FreeGame, FreeListQuery, FreeOfferCard, FreePromotion };

// ---------------------------------------------------------------------------------------------
// the active-offer rule

/**
 * Offers active at `now` (our rule, see the module comment): inside the window, start inclusive
 * and end exclusive, on a listed listing nobody is renting. Needs free_offers joined with listings.
 */
function activeOfferAt(now: Date): SQL {
  return and(lte(freeOffers.startsAt, now), gt(freeOffers.endsAt, now), sql`${listings.isListed}`, sql`not ${listings.isRented}`)!;
}

function activeOffers(db: Db, now: Date, extra?: SQL) {
  return db
    .select({ listingId: freeOffers.listingId, freeHours: freeOffers.freeHours, endsAt: freeOffers.endsAt })
    .from(freeOffers)
    .innerJoin(listings, eq(listings.id, freeOffers.listingId))
    .where(and(activeOfferAt(now), extra));
}

/** The free list's order: the hall's 综合 order (top shelf, then popularity), id breaking ties. */
const FREE_LIST_ORDER: SQL[] = [desc(listings.topShelf), desc(listings.popularity), desc(listings.id)];

// ---------------------------------------------------------------------------------------------
// reads

/** Games with active offers and how many each (spec §7 free "games"), in catalogue order. */
export async function listFreeGames(db: Db, now: Date): Promise<FreeGame[]> {
  const offers = db
    .select({ gameId: listings.gameId, n: count().as('n') })
    .from(freeOffers)
    .innerJoin(listings, eq(listings.id, freeOffers.listingId))
    .where(activeOfferAt(now))
    .groupBy(listings.gameId)
    .as('offers');
  const rows = await db
    .select({ ...gameSelection, offerCount: offers.n })
    .from(games)
    .innerJoin(offers, eq(offers.gameId, games.id))
    .orderBy(asc(games.sort), asc(games.id));
  return rows.map((row) => ({ ...reshapeGame(row), offer_count: Number(row.offerCount) }));
}

/**
 * Active offers as listing cards with free_hours and ends_at (spec §7 free "list"), optionally of
 * one game, in the hall's 综合 order; page_size 20 by default and 50 at most.
 */
export async function listFreeOffers(db: Db, query: FreeListQuery, now: Date): Promise<Page<FreeOfferCard>> {
  const page = Math.min(MAX_PAGE, Math.max(1, Math.trunc(query.page ?? 1) || 1));
  const pageSize = Math.min(FREE_LIST_PAGE_SIZE_MAX, Math.max(1, Math.trunc(query.page_size ?? FREE_LIST_PAGE_SIZE_DEFAULT) || FREE_LIST_PAGE_SIZE_DEFAULT));
  const byGame = query.game_id === undefined ? undefined : isRowId(query.game_id) ? eq(listings.gameId, query.game_id) : sql`false`;

  // The page of offers first (filter, order, limit on two tables), then the cards of those listings only.
  const [offerRows, [totalRow]] = await Promise.all([
    activeOffers(db, now, byGame)
      .orderBy(...FREE_LIST_ORDER)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(freeOffers)
      .innerJoin(listings, eq(listings.id, freeOffers.listingId))
      .where(and(activeOfferAt(now), byGame)),
  ]);
  const cardRows = offerRows.length === 0 ? [] : await selectCards(db).where(inArray(listings.id, offerRows.map((row) => row.listingId)));
  const cardById = new Map(cardRows.map((row) => [row.id, row]));
  const list: FreeOfferCard[] = [];
  for (const offer of offerRows) {
    const row = cardById.get(offer.listingId);
    // A listing deleted between the two reads takes its offer with it (on delete cascade).
    if (row) list.push({ ...reshapeListingCard(row, now), free_hours: offer.freeHours, ends_at: offer.endsAt.toISOString() });
  }
  return { list, total: Number(totalRow?.n ?? 0), page, page_size: pageSize };
}

/** The campaign (spec §7 free "promotion"): title, text and the number of active offers. */
export async function freePromotion(db: Db, now: Date): Promise<FreePromotion> {
  const [row] = await db
    .select({ n: count() })
    .from(freeOffers)
    .innerJoin(listings, eq(listings.id, freeOffers.listingId))
    .where(activeOfferAt(now));
  return { title: FREE_PROMOTION_TITLE, text: FREE_PROMOTION_TEXT, active_offers: Number(row?.n ?? 0) };
}

/**
 * The user's free orders of the day's allowance created since Shanghai midnight of `now`, whatever
 * became of them: a cancelled free order still counts, or cancelling and taking another would be
 * free without end. Orders a free-rental coupon paid (red_packet_id set) are the coupon's, not the day's.
 */
export async function countFreeOrdersToday(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.isFree, true), isNull(orders.redPacketId), gte(orders.createdAt, shanghaiMidnight(now))));
  return Number(row?.n ?? 0);
}

/**
 * The user's free rentals left today (spec §7 free "free count"): FREE_RENTALS_PER_DAY per
 * Shanghai calendar day minus the free orders the user placed since Shanghai midnight.
 */
export async function freeCount(db: DbOrTx, userId: number, now: Date): Promise<FreeCount> {
  const usedToday = await countFreeOrdersToday(db, userId, now);
  return { per_day: FREE_RENTALS_PER_DAY, used_today: usedToday, remaining: Math.max(0, FREE_RENTALS_PER_DAY - usedToday) };
}
