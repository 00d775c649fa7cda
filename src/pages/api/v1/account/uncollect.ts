/**
 * POST /api/v1/account/uncollect (Bearer) — `{ account_id }` → `{ is_collection: false,
 * collection_count }`; idempotent. A listing that does not exist answers 404 with code -400
 * (docs/user-catalog-api.md "Likes and collections").
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { accountIdBodySchema, setCollected } from '~/features/catalog/server/listing-interactions';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { account_id } = await readJson(ctx.request, accountIdBodySchema);
  return ok(await setCollected(ctx.db, userId, account_id, false, now));
});

export const ALL = allowOnly('POST');
