/** GET /api/v1/shop?id — one shop with its listed-account count; 404 店铺不存在. */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { getShop } from '~/features/catalog/server/catalog';
import { idQuerySchema } from '~/features/catalog/server/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const { id } = await readQuery(url, idQuerySchema);
  return ok(await getShop(db, id));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
