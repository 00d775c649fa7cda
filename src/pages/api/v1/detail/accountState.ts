/**
 * GET /api/v1/detail/accountState?account_id= (Bearer) — `{ is_collection, is_liked, like_count,
 * collection_count }` for the caller; a listing that does not exist answers 404 with code -400
 * 账号已删除, like detail/account (docs/user-catalog-api.md "Likes and collections").
 *
 * The detail page asks this once per view of a signed-in user, so the same request records the
 * view in 我的足迹: one upsert, after the state read proved the listing exists.
 */
import { signedIn } from '~/features/sign-in/server';
import { recordFootprint } from '~/features/account/server';
import { accountState } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.accountState, signedIn, async (ctx, { account_id }, { userId, now }) => {
  const state = await accountState(ctx.db, userId, account_id);
  await recordFootprint(ctx.db, userId, account_id, now);
  return state;
});
