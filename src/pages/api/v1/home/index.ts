/** GET /api/v1/home — everything the home page shows (spec §7 home "home"). */
import { getHomeData } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.home, async ({ db }) => getHomeData(db, new Date()));
