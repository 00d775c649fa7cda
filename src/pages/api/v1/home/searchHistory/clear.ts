/**
 * POST /api/v1/home/searchHistory/clear (Bearer) — `{}` → `null`: forgets every keyword of the
 * caller (docs/user-catalog-api.md "Search history"). The body is not read.
 */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok } from '~/server/http';
import { clearSearchHistory } from '~/server/services/search-history';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  await clearSearchHistory(ctx.db, userId);
  return ok(null);
});

export const ALL = allowOnly('POST');
