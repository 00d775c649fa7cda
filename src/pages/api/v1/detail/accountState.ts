/**
 * GET /api/v1/detail/accountState?account_id= (Bearer) — `{ is_collection, is_liked, like_count,
 * collection_count }` for the caller; a listing that does not exist answers 404 with code -400
 * 账号已删除, like detail/account (docs/user-catalog-api.md "Likes and collections").
 */
import { requireUser } from '~/server/auth';
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { accountQuerySchema } from '~/server/services/catalog.schemas';
import { accountState } from '~/server/services/listing-interactions';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { account_id } = await readQuery(ctx.url, accountQuerySchema);
  return ok(await accountState(ctx.db, userId, account_id));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
