/** GET /api/v1/shops?page — the shop list of /dianpu, most listed accounts first. */
import { listShops } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.shops, async ({ db }, paging) => listShops(db, paging));
