/**
 * GET /api/v1/account/comments?page=&page_size= (Bearer) → Page<MyReview>: the caller's reviews
 * (已评价, spec §7 account "comments"), newest first; page ≥ 1 (default 1), page_size 1-50
 * (default 10). The orders still waiting for a review are account/commentsPending.
 */
import { signedIn } from '~/features/sign-in/server';
import { listMyReviews } from '~/features/reviews/server';
import { REVIEW_WIRE } from '~/features/reviews/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(REVIEW_WIRE.mine, signedIn, async (ctx, query, { userId }) => {
  return listMyReviews(ctx.db, userId, query);
});
