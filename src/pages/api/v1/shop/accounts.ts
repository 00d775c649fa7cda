/** GET /api/v1/shop/accounts?id&page — a shop's listed accounts in hall order. */
import { listShopListings } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.shopListings, async ({ db }, { id, ...paging }) => listShopListings(db, id, paging, new Date()));
