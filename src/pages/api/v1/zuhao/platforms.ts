/** GET /api/v1/zuhao/platforms?game_id — the platforms of a game (spec §7 zuhao "platforms"). */
import { listPlatforms } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.platforms, async ({ db }, { game_id }) => listPlatforms(db, game_id));
