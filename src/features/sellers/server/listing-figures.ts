/**
 * The per-listing figures a seller's lists show beside each row (我的出租, 收益's listing
 * statistics): detail-page views, and the review count with its average rating. Counted for one
 * page of listings at a time (page_views_path_created_at_idx, listing_reviews_listing_created_idx),
 * never for the whole shop.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/platform/db/client';
import { listingReviews, pageViews } from '~/platform/db/schema';
import { detailPath } from '~/features/catalog/server';

export interface ListingFigures {
  views: number;
  avgRating: number | null;
  reviewCount: number;
}

/** Views, average rating (one decimal) and review count of each listing of `ids` (zeros when none). */
export async function listingFigures(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ListingFigures>> {
  const figures = new Map<number, ListingFigures>(ids.map((id) => [id, { views: 0, avgRating: null, reviewCount: 0 }]));
  if (ids.length === 0) return figures;
  const idByPath = new Map(ids.map((id) => [detailPath(id), id]));
  const [views, reviews] = await Promise.all([
    db
      .select({ path: pageViews.path, n: count() })
      .from(pageViews)
      .where(and(inArray(pageViews.path, [...idByPath.keys()]), eq(pageViews.kind, 'pageview')))
      .groupBy(pageViews.path),
    db
      .select({ listingId: listingReviews.listingId, avg: sql<string>`avg(${listingReviews.rating})`, n: count() })
      .from(listingReviews)
      .where(inArray(listingReviews.listingId, [...ids]))
      .groupBy(listingReviews.listingId),
  ]);
  for (const row of views) {
    const id = idByPath.get(row.path);
    const entry = id === undefined ? undefined : figures.get(id);
    if (entry) entry.views = row.n;
  }
  for (const row of reviews) {
    const entry = figures.get(row.listingId);
    if (entry && row.n > 0) {
      entry.reviewCount = row.n;
      entry.avgRating = Math.round(Number(row.avg) * 10) / 10;
    }
  }
  return figures;
}
