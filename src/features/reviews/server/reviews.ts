/**
 * A listing's reviews (spec §7 detail "comments"): newest first, paged, with the average rating of
 * all of them. Read by an island through GET detail/comments, so a new review never has to
 * invalidate a cached detail page. Writing reviews comes with orders.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE_DEFAULT, REVIEWS_PAGE_SIZE_MAX } from '~/features/reviews/constants';
import { reviewerName, roundAverageRating } from '~/features/reviews/rules/reviews';
import type { ReviewsPage } from '~/features/reviews/contract';
import type { Db } from '~/platform/db/client';
import { listingReviews, listings, users } from '~/platform/db/schema';
import { accountDeleted, isRowId, MAX_PAGE } from '~/features/catalog/server';

export type { ReviewItem, ReviewsPage } from '~/features/reviews/contract';

export interface ReviewsPaging {
  page?: number | undefined;
  page_size?: number | undefined;
}

/**
 * One page of the listing's reviews, newest first (id breaks ties, so paging never repeats or skips
 * a review written in the same instant). An anonymous review shows 匿名用户 and no avatar; any other
 * shows the author's nickname masked (rules/reviews.ts). A missing listing is deleted (-400), like
 * the detail call; an unlisted one still shows its reviews, as its detail page does.
 */
export async function listReviews(db: Db, listingId: number, paging: ReviewsPaging = {}): Promise<ReviewsPage> {
  if (!isRowId(listingId)) throw accountDeleted();
  const page = Math.min(MAX_PAGE, Math.max(1, Math.trunc(paging.page ?? 1) || 1));
  const pageSize = Math.min(
    REVIEWS_PAGE_SIZE_MAX,
    Math.max(1, Math.trunc(paging.page_size ?? REVIEWS_PAGE_SIZE_DEFAULT) || REVIEWS_PAGE_SIZE_DEFAULT),
  );
  const ofListing = eq(listingReviews.listingId, listingId);

  const [[listing], [summary], rows] = await Promise.all([
    db.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId)),
    db
      .select({
        total: count(),
        // numeric round: exact half-up on one decimal (4.25 → 4.3), which floating point would miss.
        average: sql<string | null>`round(avg(${listingReviews.rating}), 1)`,
      })
      .from(listingReviews)
      .where(ofListing),
    db
      .select({
        id: listingReviews.id,
        rating: listingReviews.rating,
        content: listingReviews.content,
        isAnonymous: listingReviews.isAnonymous,
        createdAt: listingReviews.createdAt,
        nickname: users.nickname,
        avatar: users.avatar,
      })
      .from(listingReviews)
      .innerJoin(users, eq(users.id, listingReviews.userId))
      .where(ofListing)
      .orderBy(desc(listingReviews.createdAt), desc(listingReviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  if (!listing) throw accountDeleted();

  return {
    list: rows.map((row) => ({
      id: row.id,
      nickname: reviewerName(row.nickname, row.isAnonymous),
      avatar: row.isAnonymous ? null : row.avatar,
      rating: row.rating,
      content: row.content,
      created_at: new Date(row.createdAt).toISOString(),
    })),
    total: Number(summary?.total ?? 0),
    average_rating: roundAverageRating(summary?.average == null ? null : Number(summary.average)),
    page,
    page_size: pageSize,
  };
}
