/** GET /api/v1/zuhao/hotGames — the hot games (spec §7 zuhao "hot games"). */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { listHotGames } from '~/features/catalog/server/catalog';

export const GET = handle(async ({ db }) => ok(await listHotGames(db)));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
