/** GET /api/v1/free/games — games with active free offers and how many each (spec §7 free "games"). */
import { listFreeGames } from '~/features/free/server';
import { FREE_WIRE } from '~/features/free/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(FREE_WIRE.games, async ({ db }) => listFreeGames(db, new Date()));
