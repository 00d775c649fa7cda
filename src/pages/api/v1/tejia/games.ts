/** GET /api/v1/tejia/games — games with special offers and how many (spec §7 tejia "bargain games"). */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { listBargainGames } from '~/features/catalog/server/catalog';

export const GET = handle(async ({ db }) => ok(await listBargainGames(db)));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
