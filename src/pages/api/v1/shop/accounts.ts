/** GET /api/v1/shop/accounts?id&page — a shop's listed accounts in hall order. */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listShopListings } from '~/features/catalog/server/catalog';
import { shopListingsQuerySchema } from '~/features/catalog/server/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const { id, ...paging } = await readQuery(url, shopListingsQuerySchema);
  return ok(await listShopListings(db, id, paging, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
