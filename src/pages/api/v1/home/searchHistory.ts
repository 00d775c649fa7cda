/**
 * GET /api/v1/home/searchHistory (Bearer) — `{ list: [{ keyword, searched_at }] }`, newest first,
 * at most 10. POST `{ keyword }` (1-50 characters after trimming) — records a search: `null`; a
 * keyword searched again moves to the top (docs/user-catalog-api.md "Search history").
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readJson } from '~/platform/http/http';
import { keywordBodySchema, listSearchHistory, recordSearch } from '~/features/catalog/server/search-history';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await listSearchHistory(ctx.db, userId));
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { keyword } = await readJson(ctx.request, keywordBodySchema);
  await recordSearch(ctx.db, userId, keyword, now);
  return ok(null);
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET', 'POST');
