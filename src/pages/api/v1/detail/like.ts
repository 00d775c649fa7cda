/**
 * POST /api/v1/detail/like (Bearer) — `{ source_id, type: 1, scene: 1 | 2 }` (spec §7 detail "POST
 * like account": scene 1 like, 2 unlike) → `{ is_liked, like_count }`; idempotent. A listing that
 * does not exist answers 404 with code -400 (docs/user-catalog-api.md "Likes and collections").
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { LIKE_SCENE, likeBodySchema, setLike } from '~/features/catalog/server/listing-interactions';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, likeBodySchema);
  return ok(await setLike(ctx.db, userId, input.source_id, input.scene === LIKE_SCENE.like, now));
});

export const ALL = allowOnly('POST');
