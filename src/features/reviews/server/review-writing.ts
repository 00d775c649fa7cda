/**
 * Reviews a renter writes (spec §2 account "assess" and "assessInfo", §7 account "comments";
 * docs/reviews-api.md, docs/decisions.md "Reviews written by renters").
 *
 * A renter reviews their own rental once it is finished (rules/review-writing.ts), once per order:
 * the unique index listing_reviews_order_no_key is the final word, so two reviews of one order
 * sent at once, from any number of processes, end as one review and one 409 该订单已评价. Someone
 * else's order answers 404 订单不存在 like every order call, so order numbers cannot be probed.
 * What others read of a review is reviews.ts (GET detail/comments).
 */
import { and, count, desc, eq, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ORDER_STATUS } from '~/platform/config/constants';
import type { OrderView, Page } from '~/features/wallet/contract/money';
import type { MyReview } from '~/features/reviews/contract';
import type { MyReviewsQuery, WriteReviewBody } from '~/features/reviews/wire';
import { isRentalOption, rentalOptionDef } from '~/features/orders/rules/periods';
import { MSG_REVIEW_EXISTS, MSG_REVIEW_NOT_FOUND, reviewRefusal } from '~/features/reviews/rules/review-writing';
import { reviewerName } from '~/features/reviews/rules/reviews';
import type { DbOrTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { games, listingReviews, listings, orders, users } from '~/platform/db/schema';
import { badRequest, conflict, notFound } from '~/platform/http/errors';
import { MSG_ORDER_NOT_FOUND, findOwnOrder, loadOrderRecords, toOrderView } from '~/features/orders/server';

// ---------------------------------------------------------------------------------------------
// reading

const reviewColumns = {
  id: listingReviews.id,
  rating: listingReviews.rating,
  content: listingReviews.content,
  isAnonymous: listingReviews.isAnonymous,
  createdAt: listingReviews.createdAt,
  nickname: users.nickname,
  listingId: listings.id,
  title: listings.title,
  imgs: listings.imgs,
  roleName: listings.roleName,
  gameName: games.name,
  orderNo: orders.orderNo,
  rentalOption: orders.rentalOption,
  hours: orders.hours,
  startsAt: orders.startsAt,
  endsAt: orders.endsAt,
};

function selectReviews(db: DbOrTx, where: SQL | undefined) {
  return (
    db
      .select(reviewColumns)
      .from(listingReviews)
      .innerJoin(users, eq(users.id, listingReviews.userId))
      .innerJoin(listings, eq(listings.id, listingReviews.listingId))
      .innerJoin(games, eq(games.id, listings.gameId))
      // The author's own order only: a review names its order_no, and orders are never shared.
      .leftJoin(orders, and(eq(orders.orderNo, listingReviews.orderNo), eq(orders.userId, listingReviews.userId)))
      .where(where)
      .orderBy(desc(listingReviews.createdAt), desc(listingReviews.id))
  );
}

type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

/** A joined row as the contract's MyReview: the listing as the order list shows it, the rental if there was one. */
function reshapeReview(row: ReviewRow): MyReview {
  const option = row.rentalOption !== null && isRentalOption(row.rentalOption) ? row.rentalOption : null;
  return {
    id: row.id,
    rating: row.rating,
    content: row.content,
    is_anonymous: row.isAnonymous,
    shown_as: reviewerName(row.nickname, row.isAnonymous),
    created_at: row.createdAt.toISOString(),
    product: {
      id: row.listingId,
      title: row.title,
      img: row.imgs[0] ?? null,
      game_name: row.gameName,
      role_name: row.roleName,
    },
    order:
      row.orderNo === null
        ? null
        : {
            order_no: row.orderNo,
            option_label: option ? rentalOptionDef(option).label : null,
            hours: row.hours,
            hire_start_time: row.startsAt?.toISOString() ?? null,
            hire_end_time: row.endsAt?.toISOString() ?? null,
          },
  };
}

/** 已评价: the user's reviews, newest first (id breaks ties, so paging never repeats one). */
export async function listMyReviews(db: DbOrTx, userId: number, query: MyReviewsQuery): Promise<Page<MyReview>> {
  const mine = eq(listingReviews.userId, userId);
  const [rows, [total]] = await Promise.all([
    selectReviews(db, mine)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(listingReviews).where(mine),
  ]);
  return { list: rows.map(reshapeReview), total: total?.value ?? 0, page: query.page, page_size: query.page_size };
}

/** One review of the user's (assessInfo); anyone else's, or none, is 404 评价不存在. */
export async function getMyReview(db: DbOrTx, userId: number, reviewId: number): Promise<MyReview> {
  const [row] = await selectReviews(db, and(eq(listingReviews.id, reviewId), eq(listingReviews.userId, userId)));
  if (!row) throw notFound(MSG_REVIEW_NOT_FOUND);
  return reshapeReview(row);
}

/** 待评价: the user's finished rentals without a review, newest order first, as the order list shows them. */
export async function listPendingReviews(db: DbOrTx, userId: number, query: MyReviewsQuery, now: Date): Promise<Page<OrderView>> {
  const written = alias(listingReviews, 'written');
  const where = and(
    eq(orders.userId, userId),
    eq(orders.kind, 'rental'),
    eq(orders.status, ORDER_STATUS.finished),
    notExists(db.select({ one: sql`1` }).from(written).where(eq(written.orderNo, orders.orderNo))),
  );
  const [records, [total]] = await Promise.all([
    loadOrderRecords(db, where, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { list: records.map((record) => toOrderView(record, now)), total: total?.value ?? 0, page: query.page, page_size: query.page_size };
}

// ---------------------------------------------------------------------------------------------
// writing

/**
 * POST account/comment: the review of the caller's finished rental. 404 订单不存在 for an order that
 * is not theirs; 400 for one that is not a finished rental (rules/review-writing.ts); 409
 * 该订单已评价 when it has a review, whether seen before the insert or raised by the unique index
 * under a race. A single INSERT: nothing is ever half written.
 */
export async function writeReview(db: DbOrTx, userId: number, body: WriteReviewBody, now: Date): Promise<MyReview> {
  const record = await findOwnOrder(db, userId, body.order_no);
  if (!record) throw notFound(MSG_ORDER_NOT_FOUND);
  const refusal = reviewRefusal(record.order);
  if (refusal) throw badRequest(refusal);
  if (record.reviewId !== null) throw conflict(MSG_REVIEW_EXISTS);

  let reviewId: number;
  try {
    const [row] = await db
      .insert(listingReviews)
      .values({
        // orders_rental_shape_check: a rental always names its listing.
        listingId: record.order.listingId!,
        userId,
        orderNo: record.order.orderNo,
        rating: body.rating,
        content: body.content,
        isAnonymous: body.is_anonymous,
        createdAt: now,
      })
      .returning({ id: listingReviews.id });
    reviewId = row!.id;
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) throw conflict(MSG_REVIEW_EXISTS, { cause: error });
    throw error;
  }
  return getMyReview(db, userId, reviewId);
}
