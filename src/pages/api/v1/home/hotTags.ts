/** GET /api/v1/home/hotTags — hot search tags (spec §7 home "hot tags"). */
import { getDb } from '~/server/db/client';
import { allowOnly, handle, ok } from '~/server/http';
import { listHotTags } from '~/server/services/home';

export const GET = handle(async () => ok(await listHotTags(await getDb())));

export const ALL = allowOnly('GET');
