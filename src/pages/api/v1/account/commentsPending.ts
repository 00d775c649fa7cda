/**
 * GET /api/v1/account/commentsPending?page=&page_size= (Bearer) → Page<OrderView>: the caller's
 * finished rentals without a review (待评价), newest order first; page ≥ 1 (default 1),
 * page_size 1-50 (default 10).
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listPendingReviews, myReviewsQuerySchema } from '~/features/reviews/server/review-writing';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const query = await readQuery(ctx.url, myReviewsQuerySchema);
  return ok(await listPendingReviews(ctx.db, userId, query, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
