/** GET /api/v1/home/hotTags — hot search tags (spec §7 home "hot tags"). */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { listHotTags } from '~/features/catalog/server/home';

export const GET = handle(async ({ db }) => ok(await listHotTags(db)));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
