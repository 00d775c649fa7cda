/**
 * POST /api/v1/ops/sellers/review `{ shop_id, review_listings }` → OpsShopView (permission
 * `sellers`): the shop's new listings and big price changes wait for review whatever the site
 * setting (or no longer). 409 when it already is so; 404 店铺不存在.
 */
import { serveConsole } from '~/features/console/server';
import { setShopReview } from '~/features/sellers/server';
import { OPS_SELLER_WIRE } from '~/features/sellers/wire';

export const { POST, ALL } = serveConsole(OPS_SELLER_WIRE.shopReview, 'sellers', async (ctx, body, { actor, now }) => setShopReview(ctx.db, actor, body, now));
