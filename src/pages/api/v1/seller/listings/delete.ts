/** POST /api/v1/seller/listings/delete { id } (Bearer, seller) → SellerListingDeleteAnswer: deleted, or unlisted while orders run or are to come. */
import { listingIdBodySchema } from '~/features/sellers/contract/seller-listings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { deleteSellerListing } from '~/features/sellers/server/seller-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { id } = await readJson(ctx.request, listingIdBodySchema);
  return ok(await deleteSellerListing(ctx.db, userId, id, now));
});

export const ALL = allowOnly('POST');
