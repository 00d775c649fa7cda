/** GET /api/v1/tejia/accounts?game_id&page — special-offer listings, cheapest first (spec §7 tejia "special-offer accounts"). */
import { listSpecialOffers } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.specialOffers, async ({ db }, query) => listSpecialOffers(db, query, new Date()));
