/**
 * GET /api/v1/seller/listings/credentials?id= (Bearer, seller; issue 13) → { login_account,
 * login_password }: the owner's own login details, on an explicit ask (the 显示密码 button) only.
 * Another shop's listing answers 404 like a missing one.
 */
import { listingIdQuerySchema } from '~/lib/contract/seller-listings';
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readQuery } from '~/server/http';
import { getSellerListingCredentials } from '~/server/services/seller-listings';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { id } = await readQuery(ctx.url, listingIdQuerySchema);
  return ok(await getSellerListingCredentials(ctx.db, userId, id));
});

export const ALL = allowOnly('GET');
