/** GET /api/v1/zuhao/hotGames — the hot games (spec §7 zuhao "hot games"). */
import { listHotGames } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.hotGames, async ({ db }) => listHotGames(db));
