/**
 * GET /api/v1/rentalHall/games.json — the game list the gameList URL points at (spec §7): the raw
 * JSON array `[{ title, id }]`, no envelope and no token, cacheable for five minutes (the client
 * maps title/id to label/value). Failures still answer with the envelope through handle().
 */
import { allowOnly, headOf, handle } from '~/platform/http/http';
import { listGameListItems } from '~/features/catalog/server';

export const GAME_LIST_CACHE_CONTROL = 'public, max-age=300';

export const GET = handle(async ({ db }) => {
  const items = await listGameListItems(db);
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': GAME_LIST_CACHE_CONTROL },
  });
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
