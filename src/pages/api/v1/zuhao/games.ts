/** GET /api/v1/zuhao/games — every game of the rental hall (spec §7 zuhao "games"). */
import { listGames } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.games, async ({ db }) => listGames(db));
