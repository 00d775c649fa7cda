/** GET /api/v1/zuhao/games — every game of the rental hall (spec §7 zuhao "games"). */
import { getDb } from '~/server/db/client';
import { allowOnly, handle, ok } from '~/server/http';
import { listGames } from '~/server/services/catalog';

export const GET = handle(async () => ok(await listGames(await getDb())));

export const ALL = allowOnly('GET');
