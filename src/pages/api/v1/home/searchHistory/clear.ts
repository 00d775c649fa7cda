/**
 * POST /api/v1/home/searchHistory/clear (Bearer) — `{}` → `null`: forgets every keyword of the
 * caller (docs/user-catalog-api.md "Search history"). The body is not read.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { clearSearchHistory } from '~/features/catalog/server/search-history';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  await clearSearchHistory(ctx.db, userId);
  return ok(null);
});

export const ALL = allowOnly('POST');
