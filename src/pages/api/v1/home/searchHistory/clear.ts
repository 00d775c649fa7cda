/**
 * POST /api/v1/home/searchHistory/clear (Bearer) — `{}` → `null`: forgets every keyword of the
 * caller (docs/user-catalog-api.md "Search history"). The body is not read.
 */
import { signedIn } from '~/features/sign-in/server';
import { clearSearchHistory } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CATALOG_WIRE.clearSearchHistory, signedIn, async (ctx, _input, { userId }) => {
  await clearSearchHistory(ctx.db, userId);
  return null;
});
