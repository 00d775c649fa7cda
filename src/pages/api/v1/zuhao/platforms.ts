/** GET /api/v1/zuhao/platforms?game_id — the platforms of a game (spec §7 zuhao "platforms"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listPlatforms } from '~/features/catalog/server/catalog';
import { platformsQuerySchema } from '~/features/catalog/server/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const { game_id } = await readQuery(url, platformsQuerySchema);
  return ok(await listPlatforms(db, game_id));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
