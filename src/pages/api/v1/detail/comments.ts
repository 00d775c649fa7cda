/**
 * GET /api/v1/detail/comments?account_id=&page=&page_size= — the listing's reviews (spec §7 detail
 * "comments"): `{ list: [{ id, nickname, avatar, rating, content, created_at }], total,
 * average_rating, page, page_size }`, newest first; page_size 1-50 (default 10). No token: the
 * answer is the same for everyone. A missing listing answers 404 with code -400.
 */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listReviews, reviewsQuerySchema } from '~/features/reviews/server/reviews';

export const GET = handle(async ({ url, db }) => {
  const { account_id, ...paging } = await readQuery(url, reviewsQuerySchema);
  return ok(await listReviews(db, account_id, paging));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
