/** GET /api/v1/shop?id — one shop with its listed-account count; 404 店铺不存在. */
import { getShop } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.shop, async ({ db }, { id }) => getShop(db, id));
