/** GET /api/v1/tejia/games — games with special offers and how many (spec §7 tejia "bargain games"). */
import { listBargainGames } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.bargainGames, async ({ db }) => listBargainGames(db));
