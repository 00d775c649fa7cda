/** GET /api/v1/zuhao/zones?game_id&platform_id — the zones of a game, or of one of its platforms (spec §7 zuhao "zones"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listZones } from '~/features/catalog/server/catalog';
import { zonesQuerySchema } from '~/features/catalog/server/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const { game_id, platform_id } = await readQuery(url, zonesQuerySchema);
  return ok(await listZones(db, game_id, platform_id));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
