/**
 * GET /api/v1/account/collections?page=&page_size= (Bearer) — `{ list: [listing card], total, page,
 * page_size }`, newest collected first; page ≥ 1, page_size 1-50 (default 20); the card is the
 * rental hall's (docs/user-catalog-api.md "Likes and collections").
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { collectionsQuerySchema, listCollections } from '~/features/catalog/server/listing-interactions';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const paging = await readQuery(ctx.url, collectionsQuerySchema);
  return ok(await listCollections(ctx.db, userId, paging, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
