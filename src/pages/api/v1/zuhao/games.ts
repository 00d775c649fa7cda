/** GET /api/v1/zuhao/games — every game of the rental hall (spec §7 zuhao "games"). */
import { allowOnly, headOf, handle, ok } from '~/server/http';
import { listGames } from '~/server/services/catalog';

export const GET = handle(async ({ db }) => ok(await listGames(db)));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
