/** GET /api/v1/zuhao/zones?game_id&platform_id — the zones of a game, or of one of its platforms (spec §7 zuhao "zones"). */
import { listZones } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.zones, async ({ db }, { game_id, platform_id }) => listZones(db, game_id, platform_id));
