/**
 * GET /api/v1/account/commentsPending?page=&page_size= (Bearer) → Page<OrderView>: the caller's
 * finished rentals without a review (待评价), newest order first; page ≥ 1 (default 1),
 * page_size 1-50 (default 10).
 */
import { signedIn } from '~/features/sign-in/server';
import { listPendingReviews } from '~/features/reviews/server';
import { REVIEW_WIRE } from '~/features/reviews/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(REVIEW_WIRE.pending, signedIn, async (ctx, query, { userId, now }) => {
  return listPendingReviews(ctx.db, userId, query, now);
});
