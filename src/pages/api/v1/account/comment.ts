/**
 * One review of the caller's (spec §7 account "comments"; docs/reviews-api.md).
 *
 * GET /api/v1/account/comment?id= (Bearer) → MyReview; anyone else's or none: 404 评价不存在.
 * POST /api/v1/account/comment (Bearer) `{ order_no, rating, content, is_anonymous? }` → MyReview.
 * Not the caller's order: 404 订单不存在; not a finished rental: 400 订单完成后才能评价 /
 * 已取消的订单不能评价 / 只有租号订单可以评价; 400 请选择1-5星评分 / 请填写评价内容 / 评价内容最多500个字;
 * 409 该订单已评价.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readJson, readQuery } from '~/platform/http/http';
import { getMyReview, reviewIdQuerySchema, writeReview, writeReviewBodySchema } from '~/features/reviews/server/review-writing';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { id } = await readQuery(ctx.url, reviewIdQuerySchema);
  return ok(await getMyReview(ctx.db, userId, id));
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, writeReviewBodySchema);
  return ok(await writeReview(ctx.db, userId, body, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET', 'POST');
