/**
 * POST /api/v1/home/searchHistory/delete (Bearer) — `{ keyword }` → `null`; a keyword that is not
 * in the history is not an error (docs/user-catalog-api.md "Search history").
 */
import { signedIn } from '~/features/sign-in/server';
import { deleteSearch } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CATALOG_WIRE.deleteSearch, signedIn, async (ctx, { keyword }, { userId }) => {
  await deleteSearch(ctx.db, userId, keyword);
  return null;
});
