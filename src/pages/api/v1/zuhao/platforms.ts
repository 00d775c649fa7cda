/** GET /api/v1/zuhao/platforms?game_id — the platforms of a game (spec §7 zuhao "platforms"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { listPlatforms } from '~/server/services/catalog';
import { platformsQuerySchema } from '~/server/services/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const { game_id } = await readQuery(url, platformsQuerySchema);
  return ok(await listPlatforms(db, game_id));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
