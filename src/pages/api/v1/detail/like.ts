/**
 * POST /api/v1/detail/like (Bearer) — `{ source_id, type: 1, scene: 1 | 2 }` (spec §7 detail "POST
 * like account": scene 1 like, 2 unlike) → `{ is_liked, like_count }`; idempotent. A listing that
 * does not exist answers 404 with code -400 (docs/user-catalog-api.md "Likes and collections").
 */
import { signedIn } from '~/features/sign-in/server';
import { LIKE_SCENE } from '~/features/catalog/rules/user-catalog';
import { setLike } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CATALOG_WIRE.like, signedIn, async (ctx, input, { userId, now }) => {
  return setLike(ctx.db, userId, input.source_id, input.scene === LIKE_SCENE.like, now);
});
