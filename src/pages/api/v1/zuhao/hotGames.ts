/** GET /api/v1/zuhao/hotGames — the hot games (spec §7 zuhao "hot games"). */
import { getDb } from '~/server/db/client';
import { allowOnly, handle, ok } from '~/server/http';
import { listHotGames } from '~/server/services/catalog';

export const GET = handle(async () => ok(await listHotGames(await getDb())));

export const ALL = allowOnly('GET');
