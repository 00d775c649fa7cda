/**
 * POST /api/v1/home/searchHistory/delete (Bearer) — `{ keyword }` → `null`; a keyword that is not
 * in the history is not an error (docs/user-catalog-api.md "Search history").
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { deleteSearch, keywordBodySchema } from '~/features/catalog/server/search-history';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { keyword } = await readJson(ctx.request, keywordBodySchema);
  await deleteSearch(ctx.db, userId, keyword);
  return ok(null);
});

export const ALL = allowOnly('POST');
