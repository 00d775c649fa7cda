/**
 * POST /api/v1/ops/sellers/review `{ shop_id, review_listings }` → OpsShopView (permission
 * `sellers`): the shop's new listings and big price changes wait for review whatever the site
 * setting (or no longer). 409 when it already is so; 404 店铺不存在.
 */
import { opsShopReviewBodySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { setShopReview } from '~/features/sellers/server/ops-sellers';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'sellers', now);
  const body = await readJson(ctx.request, opsShopReviewBodySchema);
  return ok(await setShopReview(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
