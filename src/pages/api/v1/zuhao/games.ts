/** GET /api/v1/zuhao/games — every game of the rental hall (spec §7 zuhao "games"). */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { listGames } from '~/features/catalog/server/catalog';

export const GET = handle(async ({ db }) => ok(await listGames(db)));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
