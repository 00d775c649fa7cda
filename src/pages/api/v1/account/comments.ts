/**
 * GET /api/v1/account/comments?page=&page_size= (Bearer) → Page<MyReview>: the caller's reviews
 * (已评价, spec §7 account "comments"), newest first; page ≥ 1 (default 1), page_size 1-50
 * (default 10). The orders still waiting for a review are account/commentsPending.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listMyReviews, myReviewsQuerySchema } from '~/features/reviews/server/review-writing';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const query = await readQuery(ctx.url, myReviewsQuerySchema);
  return ok(await listMyReviews(ctx.db, userId, query));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
