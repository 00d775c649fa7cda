/** GET /api/v1/free/games — games with active free offers and how many each (spec §7 free "games"). */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { listFreeGames } from '~/features/free/server/free-rentals';

export const GET = handle(async ({ db }) => ok(await listFreeGames(db, new Date())));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
