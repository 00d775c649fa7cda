/**
 * POST /api/v1/account/uncollect (Bearer) — `{ account_id }` → `{ is_collection: false,
 * collection_count }`; idempotent. A listing that does not exist answers 404 with code -400
 * (docs/user-catalog-api.md "Likes and collections").
 */
import { signedIn } from '~/features/sign-in/server';
import { setCollected } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CATALOG_WIRE.uncollect, signedIn, async (ctx, { account_id }, { userId, now }) => {
  return setCollected(ctx.db, userId, account_id, false, now);
});
