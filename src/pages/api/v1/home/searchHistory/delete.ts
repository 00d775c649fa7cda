/**
 * POST /api/v1/home/searchHistory/delete (Bearer) — `{ keyword }` → `null`; a keyword that is not
 * in the history is not an error (docs/user-catalog-api.md "Search history").
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { deleteSearch } from '~/features/catalog/server/search-history';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CATALOG_WIRE.deleteSearch, async (ctx, { keyword }) => {
  const { userId } = await requireUser(ctx);
  await deleteSearch(ctx.db, userId, keyword);
  return null;
});
