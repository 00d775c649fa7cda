/**
 * One review of the caller's (spec §7 account "comments"; docs/reviews-api.md).
 *
 * GET /api/v1/account/comment?id= (Bearer) → MyReview; anyone else's or none: 404 评价不存在.
 * POST /api/v1/account/comment (Bearer) `{ order_no, rating, content, is_anonymous? }` → MyReview.
 * Not the caller's order: 404 订单不存在; not a finished rental: 400 订单完成后才能评价 /
 * 已取消的订单不能评价 / 只有租号订单可以评价; 400 请选择1-5星评分 / 请填写评价内容 / 评价内容最多500个字;
 * 409 该订单已评价.
 */
import { signedIn } from '~/features/sign-in/server';
import { getMyReview, writeReview } from '~/features/reviews/server';
import { REVIEW_WIRE } from '~/features/reviews/wire';
import { allowOnly } from '~/platform/http/http';
import { serve } from '~/platform/http/serve';

const read = serve(REVIEW_WIRE.get, signedIn, async (ctx, { id }, { userId }) => {
  return getMyReview(ctx.db, userId, id);
});

const write = serve(REVIEW_WIRE.write, signedIn, async (ctx, body, { userId, now }) => {
  return writeReview(ctx.db, userId, body, now);
});

export const { GET, HEAD } = read;
export const { POST } = write;
// Two routes share the path: any other method is told both.
export const ALL = allowOnly('GET', 'POST');
