/**
 * GET /api/v1/account/collections?page=&page_size= (Bearer) — `{ list: [listing card], total, page,
 * page_size }`, newest collected first; page ≥ 1, page_size 1-50 (default 20); the card is the
 * rental hall's (docs/user-catalog-api.md "Likes and collections").
 */
import { signedIn } from '~/features/sign-in/server';
import { listCollections } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.collections, signedIn, async (ctx, paging, { userId, now }) => {
  return listCollections(ctx.db, userId, paging, now);
});
