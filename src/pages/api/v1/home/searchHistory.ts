/**
 * GET /api/v1/home/searchHistory (Bearer) — `{ list: [{ keyword, searched_at }] }`, newest first,
 * at most 10. POST `{ keyword }` (1-50 characters after trimming) — records a search: `null`; a
 * keyword searched again moves to the top (docs/user-catalog-api.md "Search history").
 */
import { signedIn } from '~/features/sign-in/server';
import { listSearchHistory, recordSearch } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { allowOnly } from '~/platform/http/http';
import { serve } from '~/platform/http/serve';

const list = serve(CATALOG_WIRE.searchHistory, signedIn, async (ctx, _input, { userId }) => {
  return listSearchHistory(ctx.db, userId);
});

const record = serve(CATALOG_WIRE.recordSearch, signedIn, async (ctx, { keyword }, { userId, now }) => {
  await recordSearch(ctx.db, userId, keyword, now);
  return null;
});

// Two routes on one path: each serves its own method, and every other one is refused naming both.
export const { GET, HEAD } = list;
export const { POST } = record;
export const ALL = allowOnly('GET', 'POST');
