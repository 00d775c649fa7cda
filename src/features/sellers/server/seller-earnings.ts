/**
 * The seller's earnings page ("Orders, earnings, payouts"; contract in
 * features/sellers/contract/seller-earnings.ts): the frozen and released totals, this month, the commission,
 * the wallet the released money lands in, a 30-day series and per-listing statistics.
 *
 * Everything is read from `seller_earnings` (one row per paid rental, kept by
 * services/settlement.ts) through its index on (seller_user_id, paid_at), plus the listings of the
 * caller's shop (listings_shop_idx), their detail-page views (page_views_path_created_at_idx) and
 * reviews (listing_reviews_listing_created_idx) for one page of listings at a time. So the cost
 * grows with the caller's own rentals and one page of listings, never with the marketplace.
 *
 * Days and months are Shanghai's (fixed UTC+08:00): a day index is computed from epoch seconds
 * against the Shanghai midnight the series starts at, so no time-zone data is needed in SQL.
 */
import { and, count, desc, eq, gte, ne, or, sql, type SQL } from 'drizzle-orm';
import { MS_PER_DAY, SHANGHAI_UTC_OFFSET_MS } from '~/platform/config/constants';
import {
  EARNINGS_SERIES_DAYS,
  type EarningsDay,
  type EarningsSummary,
  type ListingStats,
  type Page,
  type SellerEarnings,
  type SellerEarningsQuery,
} from '~/features/sellers/contract/seller-earnings';
import { fenToYuan } from '~/platform/rules/money';
import { formatShanghaiDate, shanghaiClock, shanghaiMidnight } from '~/platform/rules/shanghai-time';
import type { DbOrTx } from '~/platform/db/client';
import { listings, sellerEarnings } from '~/platform/db/schema';
import { listingFigures } from '~/features/sellers/server/listing-figures';
import { requireSeller, type SellerShop } from '~/features/sellers/server/sellers';
import { readSetting } from '~/features/content/server';
import { readWallet } from '~/features/wallet/server';

/** The instant of 00:00 Shanghai time on the first day of the Shanghai month of `now`. */
export function shanghaiMonthStart(now: Date): Date {
  const clock = shanghaiClock(now);
  return new Date(Date.UTC(clock.year, clock.month - 1, 1) - SHANGHAI_UTC_OFFSET_MS);
}

/** The Shanghai midnight the 30-day series starts at: today and the 29 days before it. */
export function seriesStart(now: Date): Date {
  return new Date(shanghaiMidnight(now).getTime() - (EARNINGS_SERIES_DAYS - 1) * MS_PER_DAY);
}

const num = (value: string | number | null | undefined): number => Number(value ?? 0);

/** Day index (0 = the series' first day) of a timestamp column, against `start` (a Shanghai midnight). */
const dayIndex = (column: SQL | typeof sellerEarnings.paidAt, start: Date): SQL<number> =>
  sql<number>`floor((extract(epoch from ${column})::double precision - ${start.getTime() / 1000}::double precision) / 86400)::int`;

/** The figures and the 30-day series of a seller (the part of the page that does not page). */
export async function getEarningsSummary(db: DbOrTx, seller: SellerShop, now: Date): Promise<EarningsSummary> {
  const { userId } = seller;
  const monthStart = shanghaiMonthStart(now);
  const start = seriesStart(now);
  const ofSeller = eq(sellerEarnings.sellerUserId, userId);
  const [[totals], earnedByDay, releasedByDay, wallet, holdHours] = await Promise.all([
    db
      .select({
        frozen: sql<string>`coalesce(sum(${sellerEarnings.sellerFen}) filter (where ${sellerEarnings.status} = 'frozen'), 0)`,
        released: sql<string>`coalesce(sum(${sellerEarnings.sellerFen}) filter (where ${sellerEarnings.status} = 'released'), 0)`,
        month: sql<string>`coalesce(sum(${sellerEarnings.sellerFen}) filter (where ${sellerEarnings.paidAt} >= ${monthStart.toISOString()}::timestamptz), 0)`,
        commission: sql<string>`coalesce(sum(${sellerEarnings.commissionFen}), 0)`,
      })
      .from(sellerEarnings)
      .where(ofSeller),
    db
      .select({ day: dayIndex(sellerEarnings.paidAt, start), fen: sql<string>`sum(${sellerEarnings.sellerFen})` })
      .from(sellerEarnings)
      .where(and(ofSeller, gte(sellerEarnings.paidAt, start)))
      .groupBy(sql`1`),
    db
      .select({ day: dayIndex(sql`${sellerEarnings.releasedAt}`, start), fen: sql<string>`sum(${sellerEarnings.sellerFen})` })
      .from(sellerEarnings)
      .where(and(ofSeller, eq(sellerEarnings.status, 'released'), gte(sellerEarnings.releasedAt, start)))
      .groupBy(sql`1`),
    readWallet(db, userId),
    readSetting(db, 'seller.earnings_hold_hours'),
  ]);

  const earned = new Array<number>(EARNINGS_SERIES_DAYS).fill(0);
  const released = new Array<number>(EARNINGS_SERIES_DAYS).fill(0);
  for (const row of earnedByDay) if (row.day >= 0 && row.day < EARNINGS_SERIES_DAYS) earned[row.day]! += num(row.fen);
  for (const row of releasedByDay) if (row.day >= 0 && row.day < EARNINGS_SERIES_DAYS) released[row.day]! += num(row.fen);
  const series: EarningsDay[] = earned.map((earnedFen, day) => {
    const releasedFen = released[day]!;
    return {
      date: formatShanghaiDate(new Date(start.getTime() + day * MS_PER_DAY)),
      earned: fenToYuan(earnedFen),
      earned_fen: earnedFen,
      released: fenToYuan(releasedFen),
      released_fen: releasedFen,
    };
  });

  const frozenFen = num(totals?.frozen);
  const releasedFen = num(totals?.released);
  const monthFen = num(totals?.month);
  const commissionFen = num(totals?.commission);
  return {
    frozen: fenToYuan(frozenFen),
    frozen_fen: frozenFen,
    released: fenToYuan(releasedFen),
    released_fen: releasedFen,
    month: fenToYuan(monthFen),
    month_fen: monthFen,
    commission: fenToYuan(commissionFen),
    commission_fen: commissionFen,
    balance: fenToYuan(wallet.balanceFen),
    balance_fen: wallet.balanceFen,
    hold_hours: holdHours,
    series,
  };
}

/**
 * One page of the seller's listings with their statistics, sorted by earnings (or rentals). The
 * aggregate is over the seller's own earnings rows (one index range); views and reviews are
 * counted for the page's listings only. A deleted listing stays while it has rentals (its history
 * is still money), and disappears otherwise.
 */
export async function listListingStats(db: DbOrTx, seller: SellerShop, query: SellerEarningsQuery): Promise<Page<ListingStats>> {
  const agg = db
    .select({
      listingId: sellerEarnings.listingId,
      rentals: sql<number>`count(*)::int`.as('rentals'),
      earningsFen: sql<string>`sum(${sellerEarnings.sellerFen})`.as('earnings_fen'),
      // The window a paid rental held, up to its cancel (kept on the row by services/settlement.ts).
      heldSeconds: sql<string>`sum(${sellerEarnings.heldSeconds})`.as('held_seconds'),
    })
    .from(sellerEarnings)
    .where(eq(sellerEarnings.sellerUserId, seller.userId))
    .groupBy(sellerEarnings.listingId)
    .as('agg');

  const where = and(eq(listings.shopId, seller.shopId), or(ne(listings.sellerState, 'deleted'), sql`${agg.listingId} is not null`));
  // The count needs no aggregate: a deleted listing counts when it has any earnings row (an index probe).
  const counted = and(
    eq(listings.shopId, seller.shopId),
    or(ne(listings.sellerState, 'deleted'), sql`exists (select 1 from ${sellerEarnings} where ${sellerEarnings.listingId} = ${listings.id})`),
  );
  const earningsOrder = sql`coalesce(${agg.earningsFen}, 0)`;
  const rentalsOrder = sql`coalesce(${agg.rentals}, 0)`;
  const orderBy =
    query.sort === 'earnings_asc'
      ? [sql`${earningsOrder} asc`, listings.id]
      : query.sort === 'rentals_desc'
        ? [sql`${rentalsOrder} desc`, sql`${earningsOrder} desc`, desc(listings.id)]
        : [sql`${earningsOrder} desc`, desc(listings.id)];

  const [rows, [total]] = await Promise.all([
    db
      .select({ id: listings.id, title: listings.title, imgs: listings.imgs, rentals: agg.rentals, earningsFen: agg.earningsFen, heldSeconds: agg.heldSeconds })
      .from(listings)
      .leftJoin(agg, eq(agg.listingId, listings.id))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(listings).where(counted),
  ]);

  const figures = await listingFigures(db, rows.map((row) => row.id));

  const list = rows.map((row): ListingStats => {
    const figure = figures.get(row.id);
    const earningsFen = num(row.earningsFen);
    return {
      listing_id: row.id,
      title: row.title,
      img: row.imgs[0] ?? null,
      views: figure?.views ?? 0,
      rentals: num(row.rentals),
      rental_hours: Math.round(num(row.heldSeconds) / 360) / 10,
      earnings: fenToYuan(earningsFen),
      earnings_fen: earningsFen,
      avg_rating: figure?.avgRating ?? null,
      review_count: figure?.reviewCount ?? 0,
    };
  });
  return { list, total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/** GET seller/earnings: the figures, the series and one page of listing statistics of the caller's shop. */
export async function getSellerEarnings(db: DbOrTx, userId: number, query: SellerEarningsQuery, now: Date): Promise<SellerEarnings> {
  const seller = await requireSeller(db, userId);
  const [summary, listingPage] = await Promise.all([getEarningsSummary(db, seller, now), listListingStats(db, seller, query)]);
  return { ...summary, listings: listingPage };
}
